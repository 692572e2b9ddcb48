// A refresh of a podcast's scores whose inputs (content, goals, stage, flags) did not change is
// skipped by their fingerprint (src/server/practices/recommend.ts); any change of them recomputes.
import { describe, expect, it } from 'vitest';
import { refreshScores } from '../../../src/server/practices/recommend.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';
import { goals } from './practice-helpers.ts';

const t = await createTestApp({ seed: true });
await addCategories(t);
const owner = await verifiedUser(t);

type Stored = { ids: number[]; values: number[]; reasons: string[] };
const stored = async (podcastId: number): Promise<Stored> => {
  const row = await t.db
    .selectFrom('practice_score_states')
    .select('ranking')
    .where('podcast_id', '=', podcastId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.ranking!) as Stored;
};
const scores = async (podcastId: number) => {
  const { ids, values, reasons } = await stored(podcastId);
  return ids.map((id, i) => `${id}:${values[i]}:${reasons[i]}`);
};

describe('score fingerprint', () => {
  it('skips a refresh with the same inputs and recomputes after a change', { timeout: 60_000 }, async () => {
    const podcast = (await createPodcast(owner.agent, { title: 'Fingerabdruck' })).id;
    expect((await owner.agent.put(`/api/podcasts/${podcast}/objective`, goals('coverage'))).statusCode).toBe(
      200,
    );
    const reach = await scores(podcast);
    expect(reach.length).toBeGreaterThan(0);

    // The tip job's refresh (debounced after the podcast's creation and the goals) runs first:
    // one still in flight would write its ranking over the zeros below.
    await t.jobs.tipSweep.runOnce();
    // Nothing changed: the refresh does not even look at the stored scores.
    const zeros = await stored(podcast);
    zeros.values = zeros.values.map(() => 0);
    await t.db
      .updateTable('practice_score_states')
      .set({ ranking: JSON.stringify(zeros) })
      .where('podcast_id', '=', podcast)
      .execute();
    await refreshScores(t.db, podcast, t.clock.now());
    expect(new Set((await scores(podcast)).map((s) => s.split(':')[1]))).toEqual(new Set(['0']));

    // Other goals and back: the scores are those of the goals, not of a stale fingerprint.
    await owner.agent.put(`/api/podcasts/${podcast}/objective`, goals('monetization'));
    expect(await scores(podcast)).not.toEqual(reach);
    await owner.agent.put(`/api/podcasts/${podcast}/objective`, goals('coverage'));
    expect(await scores(podcast)).toEqual(reach);
  });
});
