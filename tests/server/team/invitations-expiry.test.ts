// An invitation's expiry and resending: expired after its days until resent, accepted ones not resent, other podcasts' 404.
import { describe, expect, it } from 'vitest';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { podcastResource } from '../../../src/shared/podcasts.ts';
import { INVITATION_DAYS, invitationPreviewResource, invitationResource } from '../../../src/shared/team.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createPodcast } from '../podcasts/podcast-helpers.ts';
import { DAY, invitationsApp, listed } from './invitation-helpers.ts';
import { address, contract, invite, mailedToken, registerThrough } from './team-helpers.ts';

const { t, ownerWithPodcast } = await invitationsApp();

describe('expiry and resending', () => {
  it(`shows an invitation as expired after ${INVITATION_DAYS} days; it cannot be accepted until resent`, async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('spaet');
    const invitation = await invite(owner.agent, podcast.id, email, 'observer');
    const token = await mailedToken(t, email);
    t.clock.advance(INVITATION_DAYS * DAY);
    // The last day still works.
    expect((await listed(owner.agent, podcast.id))[0]!.expired).toBe(false);
    t.clock.advance(DAY);
    expect((await listed(owner.agent, podcast.id))[0]).toMatchObject({ id: invitation.id, expired: true });
    const preview = contract(
      await t.agent().get(`/api/invitations/${token}`),
      200,
      invitationPreviewResource,
    );
    expect(preview.data.expired).toBe(true);

    const late = await registerThrough(t, email, token);
    expect(late.response.statusCode).toBe(422);
    expect(json(late.response)).toEqual({
      message: 'Diese Einladung ist abgelaufen.',
      errors: { invitation: ['Diese Einladung ist abgelaufen.'] },
    });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBe(
      undefined,
    );
    const existing = await verifiedUser(t);
    const refused = await existing.agent.post(`/api/invitations/${token}:accept`);
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toBe('Diese Einladung ist abgelaufen.');

    // Resending renews the lifetime from today and mails a new link, which works.
    const resent = contract(
      await owner.agent.post(`/api/invitations/${invitation.id}:resend`),
      200,
      invitationResource,
    );
    expect(resent.data).toMatchObject({
      id: invitation.id,
      expired: false,
      expires_at: addDays(berlinDate(t.clock.now()), INVITATION_DAYS),
    });
    expect(await t.mail.to(email)).toHaveLength(2);
    const fresh = await mailedToken(t, email);
    expect(fresh).not.toBe(token);
    contract(
      await existing.agent.post(`/api/invitations/${fresh}:accept`, { confirm: true }),
      200,
      podcastResource,
    );
  });

  it('refuses to resend an accepted invitation and hides it from the list', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const guest = await verifiedUser(t);
    const invitation = await invite(owner.agent, podcast.id, guest.email);
    expect(
      (await guest.agent.post(`/api/invitations/${await mailedToken(t, guest.email)}:accept`)).statusCode,
    ).toBe(200);
    expect(await listed(owner.agent, podcast.id)).toEqual([]);
    const resend = await owner.agent.post(`/api/invitations/${invitation.id}:resend`);
    expect(resend.statusCode).toBe(422);
    expect(json(resend).message).toBe('Diese Einladung wurde bereits angenommen.');
  });

  it('answers 404 for an invitation of another podcast or none at all, and changes nothing', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('fremd');
    const invitation = await invite(owner.agent, podcast.id, email);
    const stranger = await verifiedUser(t);
    await createPodcast(stranger.agent);
    for (const id of [invitation.id, 2147483000]) {
      const response = await stranger.agent.post(`/api/invitations/${id}:resend`);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ message: 'Diese Einladung gibt es nicht.', errors: {} });
    }
    expect(await t.mail.to(email)).toHaveLength(1);
    const list = await stranger.agent.get(`/api/podcasts/${podcast.id}/invitations`);
    expect(list.statusCode).toBe(404);
    expect(list.body).not.toContain(email);
    const create = await stranger.agent.post(`/api/podcasts/${podcast.id}/invitations`, {
      email: address('x'),
    });
    expect(create.statusCode).toBe(404);
    expect(await listed(owner.agent, podcast.id)).toHaveLength(1);
  });
});
