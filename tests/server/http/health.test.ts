// GET /healthz (the process lives) and GET /readyz (the database answers and holds the newest
// migration). Their answers while the database is down: tests/server/faults/postgres-faults.test.ts.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { latestMigration } from '../../../src/server/db/migrate.ts';
import { notMigrated } from '../../../src/server/http/health-routes.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

describe('health checks', () => {
  it('/healthz answers without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers when the database holds the newest migration, 503 when it lacks it', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', migration: latestMigration });

    const [row] = (
      await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration where name = ${latestMigration}`.execute(t.db)
    ).rows;
    await sql`delete from kysely_migration where name = ${latestMigration}`.execute(t.db);
    try {
      const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ message: notMigrated });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row!.name}, ${row!.timestamp})`.execute(
        t.db,
      );
    }
  });
});
