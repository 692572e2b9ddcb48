// GET /api/account/podcasts: the podcasts a user can select are those of an active membership.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { podcastOwnedBy } from './podcast-helpers.ts';

const t = await createTestApp();

const podcast = (title: string, ownerId: number) => podcastOwnedBy(t, title, ownerId);

const member = (podcastId: number, userId: number, active: number) =>
  t.db
    .insertInto('memberships')
    .values({
      podcast_id: podcastId,
      user_id: userId,
      role: 'editor',
      active,
      created_at: t.clock.now().toISOString(),
    })
    .execute();

describe('GET /api/account/podcasts', () => {
  it('lists podcasts of active memberships only, and says which are the user’s own', async () => {
    const owner = await verifiedUser(t);
    const coworker = await verifiedUser(t);
    const own = await podcast('Zeitreise', owner.id);
    const shared = await podcast('Abendbrot', owner.id);
    await member(shared, coworker.id, 1);
    const left = await podcast('Funkstille', owner.id);
    await member(left, coworker.id, 0);

    type List = { data: { id: number; title: string; own_podcast: boolean }[] };
    expect(json<List>(await coworker.agent.get('/api/account/podcasts')).data).toEqual([
      { id: shared, title: 'Abendbrot', own_podcast: false },
    ]);
    expect(json<List>(await owner.agent.get('/api/account/podcasts')).data).toEqual([
      { id: shared, title: 'Abendbrot', own_podcast: true },
      { id: left, title: 'Funkstille', own_podcast: true },
      { id: own, title: 'Zeitreise', own_podcast: true },
    ]);
  });
});
