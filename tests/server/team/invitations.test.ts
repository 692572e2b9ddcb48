// Invitations from the inviting side (list, invite, mail, resend, expiry, throttle) and from the
// invited side (preview, accept as an existing user, register through the link).
import { beforeAll, describe, expect, it } from 'vitest';
import { registrationResponse } from '../../../src/shared/account.ts';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { podcastResource } from '../../../src/shared/podcasts.ts';
import {
  INVITATION_DAYS,
  invitationPreviewResource,
  invitationResource,
  invitationsResponse,
  membershipsResponse,
} from '../../../src/shared/team.ts';
import { invitationMails } from '../../../src/server/team/invitation-mail.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { address, contract, invite, mailedToken, registerThrough, registration } from './team-helpers.ts';

const t = await createTestApp();
beforeAll(() => addCategories(t));

const DAY = 86_400_000;
const listed = async (agent: Awaited<ReturnType<typeof verifiedUser>>['agent'], podcastId: number) =>
  contract(await agent.get(`/api/podcasts/${podcastId}/invitations`), 200, invitationsResponse).data;

/** A verified owner named Olga with a podcast „Zeitreise“. */
async function ownerWithPodcast() {
  const owner = await verifiedUser(t);
  await owner.agent.put('/api/account', { name: 'Olga Owner', email: owner.email });
  const podcast = await createPodcast(owner.agent, { title: 'Zeitreise' });
  return { owner, podcast };
}

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

  it('registers through the invitation: confirmed at once, member with the invited role, only that role’s rights', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('neu');
    await invite(owner.agent, podcast.id, email, 'observer');
    const token = await mailedToken(t, email);
    const { agent, response } = await registerThrough(t, email, token);
    const registered = contract(response, 201, registrationResponse);
    expect(registered.verified).toBe(true);
    expect(registered.data.verified).toBe(true);
    // No confirmation mail: only the invitation went to this address.
    expect(await t.mail.to(email)).toHaveLength(1);

    const context = await agent.get('/api/account/context');
    expect(json<{ data: { id: number; role: { key: string } } }>(context).data).toMatchObject({
      id: podcast.id,
      role: { key: 'observer' },
    });
    expect((await agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(200);
    const write = await agent.put(`/api/podcasts/${podcast.id}/strategy`, { subject: 'Geschichte' });
    expect(write.statusCode).toBe(403);
    expect(json(write).message).toBe('Das darf deine Rolle in diesem Podcast nicht.');
    const team = contract(
      await owner.agent.get(`/api/podcasts/${podcast.id}/memberships`),
      200,
      membershipsResponse,
    );
    expect(team.data.map((m) => [m.user.email, m.role.key, m.active])).toEqual([
      [owner.email, 'owner', true],
      [email, 'observer', true],
    ]);
    expect(await listed(owner.agent, podcast.id)).toEqual([]);
    const preview = contract(
      await t.agent().get(`/api/invitations/${token}`),
      200,
      invitationPreviewResource,
    );
    expect(preview.data.converted).toBe(true);
    // The link works once.
    const again = await registerThrough(t, address('nochmal'), token);
    expect(again.response.statusCode).toBe(422);
    expect(json(again.response).errors).toEqual({
      invitation: ['Diese Einladung wurde bereits angenommen.'],
    });
  });

  it('registers with another address: member, but the address still needs confirming', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const invited = address('eingeladen');
    const other = address('privat');
    await invite(owner.agent, podcast.id, invited, 'editor');
    const { agent, response } = await registerThrough(t, other, await mailedToken(t, invited));
    expect(contract(response, 201, registrationResponse).verified).toBe(false);
    expect((await agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(403);
    // Confirming the own address opens the podcast.
    const link = await t.mail.link(other, '/email');
    const p = link.searchParams;
    await agent.get(
      `/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`,
    );
    const seen = json<{ data: { role: { key: string } } }>(await agent.get(`/api/podcasts/${podcast.id}`));
    expect(seen.data.role.key).toBe('editor');
  });

  it('refuses registration with an unknown token and creates nothing', async () => {
    const email = address('falsch');
    const agent = t.agent();
    await agent.csrf();
    const response = await agent.post('/api/account', registration(email, 'y'.repeat(43)));
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({
      message: 'Diese Einladung gibt es nicht.',
      errors: { invitation: ['Diese Einladung gibt es nicht.'] },
    });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBe(
      undefined,
    );
    expect(await t.mail.to(email)).toEqual([]);
  });

  it('accepts as an existing user: membership, podcast selected, address confirmed when it is the invited one', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const unconfirmed = await register(t);
    await invite(owner.agent, podcast.id, unconfirmed.email, 'manager');
    const token = await mailedToken(t, unconfirmed.email);
    expect((await unconfirmed.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(403);

    const accepted = contract(
      await unconfirmed.agent.post(`/api/invitations/${token}:accept`),
      200,
      podcastResource,
    );
    expect(accepted.data).toMatchObject({ id: podcast.id, own_podcast: false, role: { key: 'manager' } });
    expect(
      json<{ data: { verified: boolean } }>(await unconfirmed.agent.get('/api/account')).data.verified,
    ).toBe(true);
    expect(json<{ data: { id: number } }>(await unconfirmed.agent.get('/api/account/context')).data.id).toBe(
      podcast.id,
    );
    // Manager rights: inviting works.
    expect(
      (await unconfirmed.agent.post(`/api/podcasts/${podcast.id}/invitations`, { email: address('m') }))
        .statusCode,
    ).toBe(201);
    const twice = await unconfirmed.agent.post(`/api/invitations/${token}:accept`);
    expect(twice.statusCode).toBe(422);
    expect(json(twice).message).toBe('Diese Einladung wurde bereits angenommen.');
  });

  it(
    'accepts with another account only after an explicit confirmation, without confirming that account’s address',
    { timeout: 30_000 },
    async () => {
      const { owner, podcast } = await ownerWithPodcast();
      const invited = address('arbeit');
      await invite(owner.agent, podcast.id, invited, 'editor');
      const someone = await register(t);
      const token = await mailedToken(t, invited);
      // The link is a bearer token: another signed-in address must confirm, the server insists.
      for (const body of [undefined, {}, { confirm: false }]) {
        const unconfirmed = await someone.agent.post(`/api/invitations/${token}:accept`, body);
        expect(unconfirmed.statusCode).toBe(422);
        const message = `Diese Einladung ging an ${invited}. Bitte bestätige, dass du sie mit deinem angemeldeten Konto annehmen willst.`;
        expect(json(unconfirmed)).toEqual({ message, errors: { confirm: [message] } });
      }
      expect(await listed(owner.agent, podcast.id)).toHaveLength(1);
      const accepted = await someone.agent.post(`/api/invitations/${token}:accept`, { confirm: true });
      expect(accepted.statusCode).toBe(200);
      expect(
        json<{ data: { verified: boolean } }>(await someone.agent.get('/api/account')).data.verified,
      ).toBe(false);
      const member = await t.db
        .selectFrom('memberships')
        .select(['role', 'active'])
        .where('podcast_id', '=', podcast.id)
        .where('user_id', '=', someone.id)
        .executeTakeFirst();
      expect(member).toEqual({ role: 'editor', active: 1 });
    },
  );

  it('reactivates an inactive membership with the invited role; an active member cannot accept', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const former = await verifiedUser(t);
    await addMember(t, podcast.id, former.id, 'observer', 0);
    await invite(owner.agent, podcast.id, former.email, 'manager');
    const accepted = contract(
      await former.agent.post(`/api/invitations/${await mailedToken(t, former.email)}:accept`),
      200,
      podcastResource,
    );
    expect(accepted.data.role.key).toBe('manager');
    const team = contract(
      await owner.agent.get(`/api/podcasts/${podcast.id}/memberships`),
      200,
      membershipsResponse,
    );
    expect(team.data.filter((m) => m.user.id === former.id).map((m) => [m.role.key, m.active])).toEqual([
      ['manager', true],
    ]);

    // The owner accepting an invitation to the own podcast (sent to another address) is refused.
    const otherAddress = address('zweitadresse');
    await invite(owner.agent, podcast.id, otherAddress, 'observer');
    const own = await owner.agent.post(`/api/invitations/${await mailedToken(t, otherAddress)}:accept`, {
      confirm: true,
    });
    expect(own.statusCode).toBe(422);
    expect(json(own).message).toBe('Du gehörst bereits zum Team dieses Podcasts.');
    expect(await listed(owner.agent, podcast.id)).toHaveLength(1);
  });

  it('is accepted once when two people use the link at the same time', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('geteilt');
    await invite(owner.agent, podcast.id, email, 'editor');
    const token = await mailedToken(t, email);
    const [anna, ben] = [await verifiedUser(t), await verifiedUser(t)];
    const answers = await Promise.all(
      [anna, ben].map((u) => u.agent.post(`/api/invitations/${token}:accept`, { confirm: true })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(json(answers.find((r) => r.statusCode === 422)!).message).toBe(
      'Diese Einladung wurde bereits angenommen.',
    );
    const team = contract(
      await owner.agent.get(`/api/podcasts/${podcast.id}/memberships`),
      200,
      membershipsResponse,
    );
    expect(team.data).toHaveLength(2);
  });

  it('needs a session to accept; unknown tokens get 404', async () => {
    const guest = t.agent();
    await guest.csrf();
    expect((await guest.post(`/api/invitations/${'z'.repeat(43)}:accept`)).statusCode).toBe(401);
    const user = await verifiedUser(t);
    const response = await user.agent.post(`/api/invitations/${'z'.repeat(43)}:accept`);
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ message: 'Diese Einladung gibt es nicht.', errors: {} });
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
