// The invited person opens the link: only the preview, unknown tokens 404, and the throttle on guessed tokens.
import { describe, expect, it } from 'vitest';
import { invitationPreviewResource } from '../../../src/shared/team.ts';
import { json } from '../helpers/agent.ts';
import { invitationsApp } from './invitation-helpers.ts';
import { address, contract, invite, mailedToken } from './team-helpers.ts';

const { t, ownerWithPodcast } = await invitationsApp();

describe('the invited person', () => {
  it('sees only the preview behind the link; unknown tokens get 404', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('vorschau');
    await invite(owner.agent, podcast.id, email, 'manager', 'intern: nicht zeigen');
    const token = await mailedToken(t, email);
    const response = await t.agent().get(`/api/invitations/${token}`);
    expect(contract(response, 200, invitationPreviewResource)).toEqual({
      data: {
        email,
        role: { key: 'manager', trans: 'Manager*in' },
        podcast: { title: 'Zeitreise' },
        inviter: { name: 'Olga Owner' },
        expired: false,
        converted: false,
      },
    });
    expect(response.body).not.toContain('intern');
    expect(response.body).not.toContain(owner.email);
    for (const wrong of ['x'.repeat(43), 'kurz', `${token}x`, encodeURIComponent('ä/..')]) {
      const missing = await t.agent().get(`/api/invitations/${wrong}`);
      expect(missing.statusCode, wrong).toBe(404);
      expect(json(missing)).toEqual({ message: 'Diese Einladung gibt es nicht.', errors: {} });
    }
  });

  it('is throttled per client when trying tokens', async () => {
    const guesser = t.agent();
    for (let i = 0; i < 20; i++)
      expect((await guesser.get(`/api/invitations/rate-${i}`)).statusCode).toBe(404);
    const throttled = await guesser.get('/api/invitations/rate-last');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect((await t.agent().get('/api/invitations/another-client')).statusCode).toBe(404);
  });

  it('counts only unknown tokens: real links open any number of times, but not once the client is throttled', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('oft');
    await invite(owner.agent, podcast.id, email);
    const token = await mailedToken(t, email);
    const office = t.agent();
    for (let i = 0; i < 25; i++) expect((await office.get(`/api/invitations/${token}`)).statusCode).toBe(200);
    for (let i = 0; i < 20; i++)
      expect((await office.get(`/api/invitations/guess-${i}`)).statusCode).toBe(404);
    expect((await office.get(`/api/invitations/${token}`)).statusCode).toBe(429);
  });
});
