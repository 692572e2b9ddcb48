// The team of a podcast: the list, the owner's actions on memberships, what an inactive
// membership grants (nothing), and the coworkers across podcasts.
import { beforeAll, describe, expect, it } from 'vitest';
import { userResponse } from '../../../src/shared/account.ts';
import { coworkersResponse, membershipResource, membershipsResponse } from '../../../src/shared/team.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { contract } from './team-helpers.ts';

/**
 * Runs once between a membership action's guard and its handler: what another device does
 * meanwhile (a Fastify preHandler added to those routes).
 */
let meanwhile: (() => Promise<unknown>) | undefined;
const t = await createTestApp({
  onRoute: (route) => {
    if (!route.url.startsWith('/api/memberships/')) return;
    const meanwhileHook = async () => {
      const work = meanwhile;
      meanwhile = undefined;
      await work?.();
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), meanwhileHook];
  },
});
beforeAll(() => addCategories(t));

type User = Awaited<ReturnType<typeof verifiedUser>>;

async function named(name: string | null) {
  const user = await verifiedUser(t);
  if (name) await user.agent.put('/api/account', { name, email: user.email });
  return user;
}

const membershipOf = async (podcastId: number, userId: number) =>
  t.db
    .selectFrom('memberships')
    .select(['id', 'role', 'active'])
    .where('podcast_id', '=', podcastId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

const team = async (agent: User['agent'], podcastId: number) =>
  contract(await agent.get(`/api/podcasts/${podcastId}/memberships`), 200, membershipsResponse).data;

describe('GET /api/podcasts/{id}/memberships', () => {
  it('lists everyone, inactive members too: the owner first, then by name or address', async () => {
    const owner = await named('Zora');
    const podcast = await createPodcast(owner.agent, { title: 'Morgenrunde' });
    const berta = await named('Berta');
    const anton = await named('Anton');
    const nameless = await named(null);
    await addMember(t, podcast.id, berta.id, 'manager');
    await addMember(t, podcast.id, anton.id, 'observer', 0);
    await addMember(t, podcast.id, nameless.id, 'editor');

    const seen = await team(berta.agent, podcast.id);
    expect(seen.map((m) => [m.user.name, m.role.key, m.active, m.user.is_self])).toEqual([
      ['Zora', 'owner', true, false],
      ['Anton', 'observer', false, false],
      ['Berta', 'manager', true, true],
      [null, 'editor', true, false],
    ]);
    expect(seen[0]).toEqual({
      id: expect.any(Number),
      active: true,
      role: { key: 'owner', trans: 'Inhaber*in' },
      podcast: { id: podcast.id, title: 'Morgenrunde' },
      user: { id: owner.id, name: 'Zora', email: owner.email, image: null, is_self: false },
    });
  });
});

describe('membership actions', () => {
  it('lets the owner deactivate, reactivate and delete another member', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    const editor = await verifiedUser(t);
    await addMember(t, podcast.id, editor.id, 'editor');
    const { id } = (await membershipOf(podcast.id, editor.id))!;

    const off = contract(
      await owner.agent.post(`/api/memberships/${id}:deactivate`),
      200,
      membershipResource,
    );
    expect(off.data).toMatchObject({ id, active: false, role: { key: 'editor' }, user: { id: editor.id } });
    // An inactive membership grants nothing: the podcast is gone for the member.
    for (const path of ['', '/memberships', '/invitations', '/objective']) {
      const response = await editor.agent.get(`/api/podcasts/${podcast.id}${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(json(response).message).toBe('Diesen Podcast gibt es nicht.');
    }
    expect(
      (await editor.agent.put(`/api/podcasts/${podcast.id}/strategy`, { subject: 'x' })).statusCode,
    ).toBe(404);
    expect(json<{ data: unknown[] }>(await editor.agent.get('/api/account/podcasts')).data).toEqual([]);
    expect(json<{ data: unknown }>(await editor.agent.get('/api/account/context')).data).toBeNull();

    const on = contract(await owner.agent.post(`/api/memberships/${id}:reactivate`), 200, membershipResource);
    expect(on.data.active).toBe(true);
    expect((await editor.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(200);

    const deleted = await owner.agent.post(`/api/memberships/${id}:delete`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await membershipOf(podcast.id, editor.id)).toBeUndefined();
    expect((await editor.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(404);
  });

  it('never lets the owner act on the own row', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    const { id } = (await membershipOf(podcast.id, owner.id))!;
    for (const action of ['deactivate', 'reactivate', 'delete']) {
      const response = await owner.agent.post(`/api/memberships/${id}:${action}`);
      expect(response.statusCode, action).toBe(403);
      expect(json(response)).toEqual({
        message: 'Deine eigene Mitgliedschaft kannst du nicht ändern.',
        errors: {},
      });
    }
    expect(await membershipOf(podcast.id, owner.id)).toMatchObject({ role: 'owner', active: 1 });
  });

  it('answers 404, not an error, when the membership was removed after the guard found it', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    for (const action of ['deactivate', 'reactivate', 'delete']) {
      const editor = await verifiedUser(t);
      await addMember(t, podcast.id, editor.id, 'editor');
      const { id } = (await membershipOf(podcast.id, editor.id))!;
      meanwhile = () => t.db.deleteFrom('memberships').where('id', '=', id).execute();
      const response = await owner.agent.post(`/api/memberships/${id}:${action}`);
      expect(meanwhile, 'the removal ran').toBeUndefined();
      expect(response.statusCode, action).toBe(404);
      expect(json(response)).toEqual({ message: 'Diese Mitgliedschaft gibt es nicht.', errors: {} });
    }
  });

  it('answers 404 for another user’s podcast and unknown ids, and changes nothing', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    const editor = await verifiedUser(t);
    await addMember(t, podcast.id, editor.id, 'editor');
    const { id } = (await membershipOf(podcast.id, editor.id))!;
    const stranger = await verifiedUser(t);
    await createPodcast(stranger.agent);
    const formerOwner = await verifiedUser(t);
    await addMember(t, podcast.id, formerOwner.id, 'manager', 0);
    for (const agent of [stranger.agent, formerOwner.agent]) {
      for (const target of [id, 2147483000]) {
        for (const action of ['deactivate', 'reactivate', 'delete']) {
          const response = await agent.post(`/api/memberships/${target}:${action}`);
          expect(response.statusCode, `${action} ${target}`).toBe(404);
          expect(json(response)).toEqual({ message: 'Diese Mitgliedschaft gibt es nicht.', errors: {} });
        }
      }
      const list = await agent.get(`/api/podcasts/${podcast.id}/memberships`);
      expect(list.statusCode).toBe(404);
      expect(list.body).not.toContain(editor.email);
    }
    expect(await membershipOf(podcast.id, editor.id)).toMatchObject({ role: 'editor', active: 1 });
  });
});

describe('coworkers', () => {
  it('lists the people who share an active podcast with the user, with podcasts and roles, and counts them alike', async () => {
    const me = await named('Ich');
    const mine = await createPodcast(me.agent, { title: 'B-Podcast' });
    const theirs = await createPodcast((await named('Hanna')).agent, { title: 'A-Podcast' });
    const hanna = (await t.db
      .selectFrom('memberships')
      .select('user_id')
      .where('podcast_id', '=', theirs.id)
      .executeTakeFirstOrThrow())!.user_id;
    const carl = await named('Carl');
    const dora = await named('Dora');
    const emil = await named('Emil');
    await addMember(t, theirs.id, me.id, 'editor');
    await addMember(t, mine.id, hanna, 'observer');
    await addMember(t, mine.id, carl.id, 'manager');
    await addMember(t, mine.id, dora.id, 'editor', 0); // inactive: not a coworker
    // Emil works on a podcast in which my membership is inactive: not a coworker either.
    const paused = await createPodcast(emil.agent, { title: 'C-Podcast' });
    await addMember(t, paused.id, me.id, 'editor', 0);

    const coworkers = contract(await me.agent.get('/api/coworkers'), 200, coworkersResponse).data;
    expect(coworkers).toEqual([
      {
        id: carl.id,
        name: 'Carl',
        email: carl.email,
        image: null,
        podcasts: [{ id: mine.id, title: 'B-Podcast', role: { key: 'manager', trans: 'Manager*in' } }],
      },
      {
        id: hanna,
        name: 'Hanna',
        email: expect.any(String),
        image: null,
        podcasts: [
          { id: theirs.id, title: 'A-Podcast', role: { key: 'owner', trans: 'Inhaber*in' } },
          { id: mine.id, title: 'B-Podcast', role: { key: 'observer', trans: 'Beobachter*in' } },
        ],
      },
    ]);
    const account = contract(await me.agent.get('/api/account'), 200, userResponse).data;
    expect(account.num_coworkers).toBe(2);
    expect(contract(await dora.agent.get('/api/coworkers'), 200, coworkersResponse).data).toEqual([]);
    expect(contract(await dora.agent.get('/api/account'), 200, userResponse).data.num_coworkers).toBe(0);
  });
});
