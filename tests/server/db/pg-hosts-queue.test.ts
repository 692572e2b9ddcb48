// The failover pool (pg-hosts.ts) and requests that wait for a free connection when the host's
// connections die (a primary killed under load): they are served by the host found next, not
// left waiting in the pool given up for DB_ACQUIRE_TIMEOUT and answered 503 after the failover.
// A real PostgreSQL in the PostgreSQL pass (one host with target_session_attrs=read-write uses
// the failover pool); its connection dies by pg_terminate_backend, as it does when the server goes.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshPostgres, type TestApp } from '../helpers/test-app.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a request waiting for a connection when the host’s connections die', () => {
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    const url = new URL(await freshPostgres(adminUrl!));
    url.searchParams.set('target_session_attrs', 'read-write');
    // One connection, and a wait for it far longer than this test may take: a waiter left in the
    // given-up pool would time this test out.
    t = await createTestApp({
      config: {
        databaseUrl: url.toString(),
        database: {
          statementTimeoutMs: 60_000,
          lockTimeoutMs: 2_000,
          acquireTimeoutMs: 600_000,
          poolSize: 1,
          startTimeoutMs: 0,
        },
      },
    });
    url.searchParams.delete('target_session_attrs');
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });

  it('is served on a new connection as soon as the held one dies', { timeout: 30_000 }, async () => {
    // The only connection is busy, the next statement waits for it.
    const holder = sql`SELECT pg_sleep(120) AS held`.execute(t.db).then(
      () => 'done',
      (error: Error) => error.message,
    );
    const busy = async () =>
      (
        await admin.query(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep(120)%'",
        )
      ).rows.map((r) => Number(r.n))[0] === 1;
    while (!(await busy())) await new Promise((resolve) => setTimeout(resolve, 50));
    const waiter = sql<{ n: number }>`SELECT 1 AS n`.execute(t.db);

    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep(120)%'",
    );
    expect(await holder).toMatch(/terminat/);
    expect((await waiter).rows).toEqual([{ n: 1 }]);
    // And the app goes on.
    expect((await t.agent().get('/readyz')).statusCode).toBe(200);
  });
});
