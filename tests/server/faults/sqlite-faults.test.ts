// SQLite's faults: a full disk (made with PRAGMA max_page_count, no special filesystem needed)
// and another process holding the write lock. Both answer 503 with a German message; reads go
// on; it recovers by itself. SQLite only, so the PostgreSQL pass of `npm test` skips it.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseDatabaseConfig } from '../../../src/server/config.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { expectOutage, logLines, podcastWithExperiment } from './fault-helpers.ts';

/** The PostgreSQL pass of `npm test` (TEST_DATABASE_URL set) skips this suite. */
const otherPass = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(otherPass)('SQLite faults', async () => {
  // A skipped describe's body still runs (to collect its tests): set nothing up then.
  if (otherPass) return void it.skip('runs in the first pass of npm test', () => {});
  const log = logLines();
  const t = await createTestApp({
    config: { databaseUrl: undefined, database: { ...parseDatabaseConfig({}), lockTimeoutMs: 200 } },
    logger: log.log,
  });
  const s = await podcastWithExperiment(t);
  const pragma = async (statement: string) =>
    (await sql.raw<Record<string, number>>(`PRAGMA ${statement}`).execute(t.db)).rows[0];

  it('a full disk: writes answer 503 "kann nichts speichern", one log line, reads go on, then it recovers', async () => {
    const long = 'Voll. '.repeat(300);
    const { page_count: pages } = (await pragma('page_count'))!;
    await pragma(`max_page_count = ${pages}`);
    try {
      // Long comments until the file would need a page it may not have.
      let full;
      for (let i = 0; i < 200 && !full; i++) {
        const response = await s.comment(`${i} ${long}`);
        if (response.statusCode === 503) full = response;
        else expect(response.statusCode).toBe(201);
      }
      expectOutage(full!, 'full');
      expectOutage(await s.comment(`Noch einer ${long}`), 'full');
      expect((await s.read()).statusCode).toBe(200);
      expect((await t.agent().get('/readyz')).statusCode).toBe(200);
      const lines = log.errors().filter((line) => line.msg.startsWith('the database cannot store anything'));
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toContain('SQLITE_FULL');
    } finally {
      await pragma(`max_page_count = ${2 ** 30}`);
    }
    expect((await s.comment('Wieder Platz')).statusCode).toBe(201);
    expect(await integrity()).toBe('ok');
  });

  it('another process holding the write lock: writes answer 503 after the busy timeout, reads go on', async () => {
    const other = new SQLite(join(t.config.dataDir, 'studio.sqlite'));
    try {
      other.exec('BEGIN IMMEDIATE');
      expectOutage(await s.comment('Gesperrt'), 'unavailable');
      expect((await s.read()).statusCode).toBe(200);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await s.comment('Wieder frei')).statusCode).toBe(201);
  });

  async function integrity() {
    return (await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(t.db)).rows[0]
      ?.integrity_check;
  }
});
