// A method whose rating an admin removed in /nova has no score for a Pro podcast: every read
// sends similarity null (never a 0 that reads as 'passt nicht'), it comes last in the advice
// order and it is never recommended.
import { describe, expect, it } from 'vitest';
import type { PaginationMeta } from '../../../src/shared/api.ts';
import type { Estimation, PodcastPractice, Similarity } from '../../../src/shared/podcast-practices.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp({ seed: true });
await addCategories(t);
const admin = await verifiedUser(t);
await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
const owner = await verifiedUser(t);
// Within its trial: Studio Pro, so it gets scores.
const pro = (await createPodcast(owner.agent, { title: 'Pro-Podcast' })).id;
await owner.agent.put(`/api/podcasts/${pro}/objective`, {
  coverage: 'high',
  throughput: 'low',
  reputation: 'medium',
  interaction: 'none',
  monetization: 'none',
  expertise: 'none',
  referability: 'medium',
  enjoyment: 'low',
});

/** Saves a method through the /nova editor's API with its rating removed. */
async function removeRating(id: number) {
  const { data } = (await admin.agent.get(`/api/nova/practices/${id}`)).json();
  const { id: _id, edited_at: _e, all_keywords: _k, ...form } = data;
  const saved = await admin.agent.put(`/api/nova/practices/${id}`, { ...form, rating: null });
  expect(saved.statusCode, saved.body).toBe(200);
}

const read = async <T>(url: string) => {
  const response = await owner.agent.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: T; meta?: PaginationMeta }>(response).data;
};
const noRating = 'Für diese Methode sind noch keine Potenziale definiert';

describe('a method without a rating, read by a Pro podcast', () => {
  const UNRATED = 7;

  it('has similarity and score null in the list, as one method and in another’s related methods', async () => {
    // Read before the edit too: a ranking computed before must not linger.
    expect((await read<PodcastPractice>(`/api/podcasts/${pro}/practices/${UNRATED}`)).similarity).toEqual(
      expect.any(Number),
    );
    await removeRating(UNRATED);

    const all = await read<PodcastPractice[]>(`/api/podcasts/${pro}/practices?order=advice&records=1000`);
    const unrated = all.find((p) => p.id === UNRATED)!;
    expect(unrated).toMatchObject({ similarity: null, score: null, reasons: [noRating] });
    // Every other method keeps its computed score, and the unrated one comes last.
    expect(all.filter((p) => p.id !== UNRATED).every((p) => typeof p.similarity === 'number')).toBe(true);
    expect(all.at(-1)!.id).toBe(UNRATED);
    // The list's last page as 'Mehr Methoden anzeigen' reads it: the unrated one at its end.
    const pages = await owner.agent.get(`/api/podcasts/${pro}/practices?order=advice`);
    const lastPage = json<{ meta: PaginationMeta }>(pages).meta.last_page;
    const end = await read<PodcastPractice[]>(`/api/podcasts/${pro}/practices?order=advice&page=${lastPage}`);
    expect(end.at(-1)).toMatchObject({ id: UNRATED, similarity: null, score: null });

    const one = await read<PodcastPractice>(`/api/podcasts/${pro}/practices/${UNRATED}`);
    expect(one).toMatchObject({ similarity: null, score: null });
    const inContext = await read<PodcastPractice>(`/api/practices/${UNRATED}?context=${pro}`);
    expect(inContext).toMatchObject({ similarity: null, score: null });

    // 'Passende Methoden' of a method that lists it: the relation carries no score either.
    let relation: PodcastPractice | undefined;
    for (let id = 1; id <= 20 && !relation; id++) {
      if (id === UNRATED) continue;
      const similar = await read<Similarity[]>(`/api/practices/${id}/similarities?context=${pro}&limit=50`);
      relation = similar.find((s) => s.relation_id === UNRATED)?.relation;
    }
    expect(relation).toMatchObject({ id: UNRATED, similarity: null, score: null });
  });

  it('is never recommended, even when fewer rated methods are left than asked for', async () => {
    // All but two methods lose their rating (the last one through /nova: a new content version).
    await t.db.deleteFrom('practice_ratings').where('practice_id', 'not in', [1, 2, 3]).execute();
    await removeRating(3);
    const best = await read<Estimation[]>(`/api/podcasts/${pro}/estimations?limit=5`);
    expect(best.map((e) => e.practice_id).sort()).toEqual([1, 2]);
    for (const e of best) expect(e.similarity).toBeGreaterThan(0);
  });
});
