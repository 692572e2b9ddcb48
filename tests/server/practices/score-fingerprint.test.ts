// A refresh of a podcast's scores whose inputs (content, goals, stage, flags) did not change is
// skipped by their fingerprint (src/server/practices/recommend.ts); any change of them recomputes.
import { describe, expect, it } from 'vitest';
import { refreshScores } from '../../../src/server/practices/recommend.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp({ seed: true });
await addCategories(t);
const owner = await verifiedUser(t);

const goals = (high: string) =>
  Object.fromEntries(
    [
      'coverage',
      'throughput',
      'reputation',
      'interaction',
      'monetization',
      'expertise',
      'referability',
      'enjoyment',
    ].map((k) => [k, k === high ? 'high' : 'none']),
  );
const scores = async (podcastId: number) =>
  (
    await t.db
      .selectFrom('practice_scores')
      .select(['practice_id', 'score', 'reasons'])
      .where('podcast_id', '=', podcastId)
      .orderBy('practice_id')
      .execute()
  ).map((r) => `${r.practice_id}:${r.score}:${r.reasons}`);

describe('score fingerprint', () => {
  it('skips a refresh with the same inputs and recomputes after a change', { timeout: 60_000 }, async () => {
    const podcast = (await createPodcast(owner.agent, { title: 'Fingerabdruck' })).id;
    expect((await owner.agent.put(`/api/podcasts/${podcast}/objective`, goals('coverage'))).statusCode).toBe(
      200,
    );
    const reach = await scores(podcast);
    expect(reach.length).toBeGreaterThan(0);

    // The tip job's refresh (debounced after the podcast's creation and the goals) runs first:
    // one still in flight would write its scores over the zeros below (each refresh upserts
    // every score that differs from the stored one).
    await t.jobs.tipSweep.runOnce();
    // Nothing changed: the refresh does not even look at the stored scores.
    await t.db.updateTable('practice_scores').set({ score: 0 }).where('podcast_id', '=', podcast).execute();
    await refreshScores(t.db, podcast, t.clock.now());
    expect(new Set((await scores(podcast)).map((s) => s.split(':')[1]))).toEqual(new Set(['0']));

    // Other goals and back: the scores are those of the goals, not of a stale fingerprint.
    await owner.agent.put(`/api/podcasts/${podcast}/objective`, goals('monetization'));
    expect(await scores(podcast)).not.toEqual(reach);
    await owner.agent.put(`/api/podcasts/${podcast}/objective`, goals('coverage'));
    expect(await scores(podcast)).toEqual(reach);
  });
});
