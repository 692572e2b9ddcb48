// The invited person accepts while signed in: the own or another account, reactivated members, two at once, no session.
import { describe, expect, it } from 'vitest';
import { podcastResource } from '../../../src/shared/podcasts.ts';
import { membershipsResponse } from '../../../src/shared/team.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { addMember } from '../podcasts/podcast-helpers.ts';
import { invitationsApp, listed } from './invitation-helpers.ts';
import { address, contract, invite, mailedToken } from './team-helpers.ts';

const { t, ownerWithPodcast } = await invitationsApp();

describe('the invited person', () => {
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
