// Two server processes on one database (two apps on the same DATABASE_URL, or the same SQLite
// file) sweep at the same time, and events evaluate meanwhile: every cause still has one tip.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { evaluateTips } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

describe('tips with two processes', () => {
  it('makes one tip per cause when both sweep and evaluate at once', { timeout: 60_000 }, async () => {
    const t = await createTestApp();
    await addCategories(t);
    const second = await buildApp(t.config, { logger: false, clock: t.clock });
    try {
      const owner = await verifiedUser(t);
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push((await createPodcast(owner.agent, { title: `Funk ${i}` })).id);
      // A month on, alone and without metrics: four more causes each.
      const monthAgo = new Date(t.clock.now().getTime() - 29 * 86_400_000).toISOString();
      await t.db.updateTable('podcasts').set({ created_at: monthAgo }).execute();
      await t.db.deleteFrom('assistances').execute();

      // Both apps live in this one Node process and so share the lease's holder id: both sweep at
      // once (the lease itself is tested in tests/server/jobs). That is the worst case for the tips.
      const swept = await Promise.all([t.jobs.tipSweep.runOnce(), second.jobs.tipSweep.runOnce()]);
      expect(swept).toEqual([true, true]);
      // Without the lease (events in both processes) the unique cause still holds.
      await Promise.all(ids.flatMap((id) => [evaluateTips(t.ctx, id), evaluateTips(second.ctx, id)]));

      const rows = await t.db.selectFrom('assistances').select(['podcast_id', 'cause']).execute();
      const keys = rows.map((r) => `${r.podcast_id}:${r.cause}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const id of ids) {
        expect(
          rows
            .filter((r) => r.podcast_id === id)
            .map((r) => r.cause)
            .sort(),
        ).toEqual(['goals-missing', 'strategy-missing', 'team-alone', 'trial-ending', 'welcome']);
      }
    } finally {
      await second.app.close();
    }
  });
});
