// Inviting to a podcast: the invitation, its German mail (and when none is rendered), roles, members, refreshing, the throttle.
import { describe, expect, it } from 'vitest';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { INVITATION_DAYS, invitationResource } from '../../../src/shared/team.ts';
import { invitationMails } from '../../../src/server/team/invitation-mail.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { DAY, invitationsApp, listed } from './invitation-helpers.ts';
import { address, contract, invite, mailedToken } from './team-helpers.ts';

const { t, ownerWithPodcast } = await invitationsApp();

describe('inviting', () => {
  it('creates the invitation, lists it and mails a German link naming podcast, inviter and role', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('gast');
    const response = await owner.agent.post(`/api/podcasts/${podcast.id}/invitations`, {
      email: email.toUpperCase(),
      type: 'observer',
      notes: 'Macht die Social-Media-Kanäle',
    });
    const { data } = contract(response, 201, invitationResource);
    const today = berlinDate(t.clock.now());
    expect(data).toEqual({
      id: expect.any(Number),
      email,
      role: { key: 'observer', trans: 'Beobachter*in' },
      notes: 'Macht die Social-Media-Kanäle',
      created_at: today,
      expires_at: addDays(today, INVITATION_DAYS),
      expired: false,
      converted: false,
    });
    expect(await listed(owner.agent, podcast.id)).toEqual([data]);

    const [mail] = await t.mail.to(email);
    expect(mail!.text).toContain('Olga Owner lädt dich ein');
    expect(mail!.text).toContain('„Zeitreise“');
    expect(mail!.text).toContain('als Beobachter*in');
    // The notes are for the team, not for the mail.
    expect(mail!.text).not.toContain('Social-Media');
    const token = await mailedToken(t, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await t.mail.link(email, '/invitation/')).href).toBe(`http://studio.test/invitation/${token}`);
    // Only the token's hash is stored.
    const stored = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirst();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('defaults to the editor role and refuses the owner role and a bad address', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const base = `/api/podcasts/${podcast.id}/invitations`;
    const plain = contract(
      await owner.agent.post(base, { email: address('plain') }),
      201,
      invitationResource,
    );
    expect(plain.data.role.key).toBe('editor');
    const asOwner = await owner.agent.post(base, { email: address('boss'), type: 'owner' });
    expect(asOwner.statusCode).toBe(422);
    expect(json(asOwner).errors).toHaveProperty('type');
    const bad = await owner.agent.post(base, { email: 'keine-adresse' });
    expect(json(bad).errors?.email).toEqual(['Bitte gib eine gültige E-Mail-Adresse ein.']);
  });

  it('refuses the address of an active member, but invites an inactive one again', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const member = await verifiedUser(t);
    const former = await verifiedUser(t);
    await addMember(t, podcast.id, member.id, 'editor');
    await addMember(t, podcast.id, former.id, 'editor', 0);
    const base = `/api/podcasts/${podcast.id}/invitations`;
    for (const email of [member.email, owner.email]) {
      const response = await owner.agent.post(base, { email });
      expect(response.statusCode).toBe(422);
      expect(json(response)).toEqual({
        message: 'Diese Person gehört bereits zum Team dieses Podcasts.',
        errors: { email: ['Diese Person gehört bereits zum Team dieses Podcasts.'] },
      });
    }
    expect((await owner.agent.post(base, { email: former.email, type: 'manager' })).statusCode).toBe(201);
    expect((await listed(owner.agent, podcast.id)).map((i) => i.email)).toEqual([former.email]);
  });

  it('refreshes an open invitation of the same address instead of adding a second one', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('twice');
    const first = await invite(owner.agent, podcast.id, email, 'observer');
    const firstToken = await mailedToken(t, email);
    t.clock.advance(2 * DAY);
    const again = await owner.agent.post(`/api/podcasts/${podcast.id}/invitations`, {
      email,
      type: 'manager',
      notes: 'Doch als Manager*in',
    });
    const { data } = contract(again, 200, invitationResource);
    expect(data).toMatchObject({
      id: first.id,
      role: { key: 'manager' },
      notes: 'Doch als Manager*in',
      created_at: first.created_at,
      expires_at: addDays(berlinDate(t.clock.now()), INVITATION_DAYS),
    });
    expect(await listed(owner.agent, podcast.id)).toEqual([data]);
    const secondToken = await mailedToken(t, email);
    expect(secondToken).not.toBe(firstToken);
    // The newest mail's link is the one that works.
    expect((await t.agent().get(`/api/invitations/${firstToken}`)).statusCode).toBe(404);
    expect((await t.agent().get(`/api/invitations/${secondToken}`)).statusCode).toBe(200);
  });

  it('throttles invitation mails per podcast: 20 an hour, then 429 with Retry-After', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const other = await createPodcast(owner.agent, { title: 'Anderer' });
    for (let i = 0; i < 20; i++) await invite(owner.agent, podcast.id, address(`flut${i}`));
    const email = address('zuviel');
    const throttled = await owner.agent.post(`/api/podcasts/${podcast.id}/invitations`, { email });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(throttled).message).toMatch(/^Zu viele Versuche/);
    // Nothing was created or mailed; other podcasts are not affected; an hour later it works.
    expect((await listed(owner.agent, podcast.id)).map((i) => i.email)).not.toContain(email);
    expect(await t.mail.to(email)).toEqual([]);
    expect((await owner.agent.post(`/api/podcasts/${other.id}/invitations`, { email })).statusCode).toBe(201);
    const [first] = await listed(owner.agent, podcast.id);
    expect((await owner.agent.post(`/api/invitations/${first!.id}:resend`)).statusCode).toBe(429);
    t.clock.advance(3600_000);
    expect((await owner.agent.post(`/api/podcasts/${podcast.id}/invitations`, { email })).statusCode).toBe(
      201,
    );
  });
});

it('renders no mail for an invitation that was accepted or whose podcast is gone', async () => {
  const { owner, podcast } = await ownerWithPodcast();
  const guest = await verifiedUser(t);
  const accepted = await invite(owner.agent, podcast.id, guest.email);
  await guest.agent.post(`/api/invitations/${await mailedToken(t, guest.email)}:accept`);
  expect(await invitationMails.invitation(t.ctx, { invitationId: accepted.id })).toBeNull();
  const open = await invite(owner.agent, podcast.id, address('offen'));
  expect(await invitationMails.invitation(t.ctx, { invitationId: open.id })).not.toBeNull();
  await t.db.deleteFrom('podcasts').where('id', '=', podcast.id).execute();
  expect(await invitationMails.invitation(t.ctx, { invitationId: open.id })).toBeNull();
});
