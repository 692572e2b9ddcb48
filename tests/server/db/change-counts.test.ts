// PostgreSQL's change counts (migrations 0023, 0041): a change made anywhere, here from a
// connection of its own as psql would, counts each podcast it touches once per transaction, also a
// row that moves to another podcast's experiment and one deleted. SQLite counts in the process
// (db/change-watch.test.ts).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ownerWithExperiment } from '../experiments/experiment-helpers.ts';
import { loadConfig } from '../../../src/server/config.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('change counts on PostgreSQL', () => {
  let t: TestApp;
  let client: pg.Client;
  beforeAll(async () => {
    // No tip evaluation after the setup's writes: it would count a change of its own meanwhile.
    t = await createTestApp({ config: { tips: { ...loadConfig({}).tips, debounceMs: 3_600_000 } } });
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await t?.app.close();
  });

  /** The counts of the podcasts, as the guard's statement reads them. */
  const counts = async (...podcasts: number[]) =>
    (
      await client.query<{ podcast_id: string; count: string }>(
        'SELECT podcast_id, count FROM change_counts WHERE podcast_id = ANY($1) ORDER BY podcast_id',
        [podcasts],
      )
    ).rows.reduce((all, r) => ({ ...all, [r.podcast_id]: Number(r.count) }), {} as Record<string, number>);

  it("count a step's podcast once per transaction, both podcasts of a step moved, and a deletion", async () => {
    const a = await ownerWithExperiment(t);
    const b = await ownerWithExperiment(t);
    const [first, second] = a.experiment.actions;
    const step = (sql: string, ...values: unknown[]) => client.query(sql, values);
    const changes = async (work: () => Promise<unknown>) => {
      const before = await counts(a.podcast.id, b.podcast.id);
      await work();
      const after = await counts(a.podcast.id, b.podcast.id);
      return [a.podcast.id, b.podcast.id].map((id) => (after[id] ?? 0) - (before[id] ?? 0));
    };

    expect(
      await changes(() =>
        step(
          'UPDATE experiment_actions SET completed_at = $2 WHERE id = $1',
          first!.id,
          new Date().toISOString(),
        ),
      ),
    ).toEqual([1, 0]);
    expect(
      await changes(async () => {
        await step('BEGIN');
        await step('UPDATE experiment_actions SET completed_at = NULL WHERE id = ANY($1)', [
          first!.id,
          second!.id,
        ]);
        await step(
          `INSERT INTO events (podcast_id, experiment_id, user_id, trackable_type, trackable_id, event_type, created_at)
           VALUES ($1, $2, $3, 'experiment_action', $4, 'updated', $5)`,
          a.podcast.id,
          a.experiment.id,
          a.owner.id,
          first!.id,
          new Date().toISOString(),
        );
        await step('COMMIT');
      }),
    ).toEqual([1, 0]);
    expect(
      await changes(() =>
        step('UPDATE experiment_actions SET experiment_id = $1 WHERE id = $2', b.experiment.id, first!.id),
      ),
    ).toEqual([1, 1]);
    expect(await changes(() => step('DELETE FROM experiment_actions WHERE id = $1', first!.id))).toEqual([
      0, 1,
    ]);
  });
});
