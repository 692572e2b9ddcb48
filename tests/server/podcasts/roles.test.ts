// Every role against every podcast-scoped write, through the API: what the README's role table
// says is what the server does.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/shared/roles.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast, form } from './podcast-helpers.ts';

const t = await createTestApp();
beforeAll(() => addCategories(t));

type Write = { name: string; method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown; ok: number };
const writes: Write[] = [
  { name: 'general', method: 'PUT', path: '', body: form({ title: 'Neu' }), ok: 200 },
  {
    name: 'objective',
    method: 'PUT',
    path: '/objective',
    body: {
      coverage: 'high',
      throughput: 'low',
      reputation: 'none',
      interaction: 'medium',
      monetization: 'none',
      expertise: 'low',
      referability: 'high',
      enjoyment: 'medium',
    },
    ok: 200,
  },
  {
    name: 'stage',
    method: 'PUT',
    path: '/stage',
    body: { commitment: '2_hours', expansion: 'lt_1k', investment: 'lt_50' },
    ok: 200,
  },
  { name: 'strategy', method: 'PUT', path: '/strategy', body: { subject: 'Geschichte' }, ok: 200 },
  {
    name: 'milestones',
    method: 'POST',
    path: '/milestones:batch',
    body: { milestones: { coverage: '1000' } },
    ok: 200,
  },
  { name: 'metrics', method: 'POST', path: '/metrics', body: { coverage: 10 }, ok: 201 },
  {
    name: 'settings',
    method: 'POST',
    path: '/settings',
    body: { key: 'present_widget_closed', value: '1' },
    ok: 200,
  },
  { name: 'complete', method: 'POST', path: ':complete', ok: 200 },
  { name: 'delete', method: 'DELETE', path: '', body: { password: PASSWORD }, ok: 204 },
];

const allowed: Record<Role, string[]> = {
  owner: writes.map((w) => w.name),
  manager: ['general', 'objective', 'stage', 'strategy', 'milestones', 'metrics', 'settings', 'complete'],
  editor: ['objective', 'stage', 'strategy', 'milestones', 'metrics', 'settings', 'complete'],
  observer: [],
};

describe.each(['owner', 'manager', 'editor', 'observer'] as const)('as %s', (role) => {
  it('may do exactly the writes of its row, and a refused write changes nothing', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    const member = role === 'owner' ? owner : await verifiedUser(t);
    if (role !== 'owner') await addMember(t, podcast.id, member.id, role);
    const base = `/api/podcasts/${podcast.id}`;

    for (const write of writes) {
      const before = await owner.agent.get(base);
      const response = await member.agent.request(write.method, `${base}${write.path}`, write.body as never);
      const label = `${role} ${write.name}`;
      if (allowed[role].includes(write.name)) {
        expect(response.statusCode, label).toBe(write.ok);
      } else {
        expect(response.statusCode, label).toBe(403);
        expect(json(response), label).toEqual({
          message: 'Das darf deine Rolle in diesem Podcast nicht.',
          errors: {},
        });
        expect((await owner.agent.get(base)).body, label).toBe(before.body);
      }
    }
    // Every role reads.
    for (const path of ['', '/objective', '/stage', '/strategy', '/metrics', '/settings', '/episodes']) {
      if (role === 'owner') break; // the owner deleted the podcast above
      expect((await member.agent.get(`${base}${path}`)).statusCode, `${role} GET ${path}`).toBe(200);
    }
  });
});

it('says which podcasts are the user’s own and shows the role', async () => {
  const owner = await verifiedUser(t);
  const editor = await verifiedUser(t);
  const podcast = await createPodcast(owner.agent);
  await addMember(t, podcast.id, editor.id, 'editor');
  const seen = json<{ data: { own_podcast: boolean; role: unknown; num_memberships: number } }>(
    await editor.agent.get(`/api/podcasts/${podcast.id}`),
  ).data;
  expect(seen).toMatchObject({
    own_podcast: false,
    role: { key: 'editor', trans: 'Redakteur*in' },
    num_memberships: 2,
  });
  expect(
    json<{ data: { setup_coworkers: boolean } }>(await owner.agent.get(`/api/podcasts/${podcast.id}`)).data
      .setup_coworkers,
  ).toBe(true);
});
