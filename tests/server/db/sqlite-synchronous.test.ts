// SQLite's durability: by default every acknowledged commit is on the disk (synchronous = FULL,
// src/server/db/database.ts says why); SQLITE_SYNCHRONOUS=normal trades the last commits before a
// power cut for fewer syncs. Asked of the real database file the app opens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseDatabaseConfig } from '../../../src/server/config.ts';
import { createDatabase } from '../../../src/server/db/database.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** SQLite's own answer to `PRAGMA synchronous` (1 = NORMAL, 2 = FULL) for a database made from `env`. */
async function synchronousOf(env: NodeJS.ProcessEnv) {
  const dir = mkdtempSync(join(tmpdir(), 'kompass-sync-'));
  dirs.push(dir);
  const db = createDatabase({ dataDir: dir, database: parseDatabaseConfig(env) });
  try {
    const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
    return rows[0]?.synchronous;
  } finally {
    await db.destroy();
  }
}

describe('SQLite synchronous (SQLITE_SYNCHRONOUS)', () => {
  it('is FULL by default, so a power cut loses no acknowledged write', async () => {
    expect(loadConfig({}).database.sqliteSynchronous).toBe('full');
    expect(await synchronousOf({})).toBe(2);
    // Without a parsed config (the CLI's and the tests' databases) the same default holds.
    const dir = mkdtempSync(join(tmpdir(), 'kompass-sync-'));
    dirs.push(dir);
    const db = createDatabase({ dataDir: dir });
    const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
    await db.destroy();
    expect(rows[0]?.synchronous).toBe(2);
  });

  it('switches to NORMAL with SQLITE_SYNCHRONOUS=normal and refuses other values in German', async () => {
    expect(await synchronousOf({ SQLITE_SYNCHRONOUS: 'normal' })).toBe(1);
    expect(await synchronousOf({ SQLITE_SYNCHRONOUS: ' FULL ' })).toBe(2);
    expect(() => parseDatabaseConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      'SQLITE_SYNCHRONOUS muss full oder normal sein.',
    );
  });
});
