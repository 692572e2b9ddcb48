// WAL checkpoints off the request path (src/server/db/sqlite-checkpoint.ts): a worker thread
// checkpoints after writes, so the WAL stays small although the main connection's own automatic
// checkpoint only comes after 4000 pages; closing empties the WAL.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../../../src/server/db/database.ts';
import { BACKSTOP_PAGES } from '../../../src/server/db/sqlite-checkpoint.ts';

let dataDir: string;
let db: Database | undefined;
afterEach(async () => {
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const walBytes = () => {
  const wal = join(dataDir, 'studio.sqlite-wal');
  return existsSync(wal) ? statSync(wal).size : 0;
};

describe('SQLite checkpoints', () => {
  it('are run by a worker after writes: the WAL stays small; closing empties it', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kompass-checkpoint-'));
    db = createDatabase({ dataDir, checkpoint: { afterWrites: 1, intervalMs: 10 } });
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    const body = 'x'.repeat(3000);
    // 30 rounds of 100 inserts of a page each: 3000 pages, under the backstop, so only the
    // worker's checkpoints let the WAL start from the top again. After each round: a checkpoint
    // that began after its last write (the next write then starts the WAL from the top).
    for (let round = 0; round < 30; round++) {
      for (let i = 0; i < 100; i++) await sql`insert into notes (body) values (${body})`.execute(db);
      await vi.waitFor(
        () => {
          const { at, writes } = db!.checkpoints!();
          expect(at).toBe(writes);
        },
        { timeout: 10_000 },
      );
    }
    expect(walBytes()).toBeLessThan(1000 * 4096);
    // The request's connection checkpoints only as a backstop.
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]!.wal_autocheckpoint).toBe(BACKSTOP_PAGES);
    await db.destroy();
    db = undefined;
    expect(walBytes()).toBe(0);
  });
});
