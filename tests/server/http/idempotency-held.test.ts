// A keyed step toggle on PostgreSQL claims its key inside its own transaction (pipeline/
// idempotency.ts `claimWithSession`): while that transaction runs, a duplicate must be told at
// once that the key is busy (409), not wait on the uncommitted claim's row lock with a pooled
// connection in hand; afterwards it gets the replay, and the step changed once. The first toggle
// is held by a row lock another connection takes on its step. PostgreSQL only (SQLite holds its
// claims in the process: idempotency.test.ts).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshPostgres, type TestApp } from '../helpers/test-app.ts';
import { eventRows, ownerWithExperiment } from '../experiments/experiment-helpers.ts';
import { until } from '../faults/fault-helpers.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a keyed write while its first request holds its transaction', () => {
  let t: TestApp;
  let direct: pg.Client;
  beforeAll(async () => {
    const url = await freshPostgres(adminUrl!);
    direct = new pg.Client({ connectionString: url });
    await direct.connect();
    t = await createTestApp({ config: { databaseUrl: url } });
  });
  afterAll(async () => {
    await t?.app.close();
    await direct?.end();
  });

  /** Whether a statement of the app waits for a lock now. */
  const waiting = async () =>
    (
      await direct.query(
        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      )
    ).rowCount! > 0;

  it('answers a duplicate 409 at once, then replays; the step is ticked once', async () => {
    const s = await ownerWithExperiment(t);
    const step = s.experiment.actions[0]!.id;
    const toggle = () =>
      s.owner.agent.post(
        `/api/experiments/actions/${step}`,
        { completed: true },
        { 'idempotency-key': 'gehalten-und-doppelt' },
      );
    await direct.query('BEGIN');
    await direct.query('SELECT id FROM experiment_actions WHERE id = $1 FOR UPDATE', [step]);
    const first = toggle();
    try {
      await until(waiting);
      const duplicate = await Promise.race([
        toggle(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the duplicate waited for the first request')), 5_000),
        ),
      ]);
      expect(duplicate.statusCode, duplicate.body).toBe(409);
      expect(duplicate.headers['retry-after']).toBe('1');
    } finally {
      await direct.query('ROLLBACK');
    }
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    const again = await toggle();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(done.body);
    const ticks = (await eventRows(t, s.experiment.id)).filter(
      (e) => e.trackable_type === 'experiment_action' && e.trackable_id === step,
    );
    expect(ticks).toHaveLength(1);
  });
});
