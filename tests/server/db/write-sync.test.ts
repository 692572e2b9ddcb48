import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type RunSync } from '../../../src/server/db/database.ts';

// database.ts writeSync: SQLite writes as one synchronous transaction, taken only while no
// Kysely transaction of this process holds the connection; the writes of one turn share a commit
// (group-commit.ts), each still all or nothing.
describe('writeSync (SQLite)', () => {
  let dir: string;
  let db: Database;
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const setup = async () => {
    dir = mkdtempSync(join(tmpdir(), 'kompass-write-sync-'));
    db = createDatabase({ dataDir: dir });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
  };
  const texts = async () =>
    (await sql<{ text: string }>`select text from notes order by id`.execute(db)).rows.map((r) => r.text);

  it('waits for an open Kysely transaction instead of writing inside it', async () => {
    await setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const written = new Promise<void>((resolve) => (inside = resolve));
    const open = db.transaction().execute(async (tx) => {
      await sql`insert into notes (text) values ('verworfen')`.execute(tx);
      inside();
      await gate;
      throw new Error('zurückgerollt');
    });
    await written;
    const write = db.writeSync!((run) => run('insert into notes (text) values (?)', ['behalten']));
    release();
    await expect(open).rejects.toThrow('zurückgerollt');
    await write;
    expect(await texts()).toEqual(['behalten']);
  });

  it('is all or nothing: a statement that fails takes the ones before it back', async () => {
    await setup();
    const failing = db.writeSync!((run) => {
      run('insert into notes (text) values (?)', ['eins']);
      run('insert into notes (text) values (?)', [null]);
    });
    await expect(failing).rejects.toThrow(/NOT NULL/);
    const rows = await db.writeSync!((run) => {
      run('insert into notes (text) values (?)', ['zwei']);
      return run('select text from notes', []).rows;
    });
    expect(rows).toEqual([{ text: 'zwei' }]);
    expect(await texts()).toEqual(['zwei']);
  });

  it('commits the writes of one turn together, each all or nothing, each caller told after the commit', async () => {
    await setup();
    const seen: string[][] = [];
    // The reader connection sees only what was committed.
    const committed = () =>
      db.readSync!('select text from notes order by id', []).map((r) => (r as { text: string }).text);
    const insert = (text: string | null) => (run: RunSync) =>
      run('insert into notes (text) values (?)', [text]);
    const first = db.writeSync!(insert('eins')).then(() => seen.push(committed()));
    const failing = db.writeSync!((run) => {
      insert('zwei')(run);
      insert(null)(run);
    });
    const third = db.writeSync!((run) => {
      // It sees the group's writes before it, not the failed one's.
      const before = run('select text from notes order by id', []).rows;
      insert('drei')(run);
      return before;
    });
    expect(committed()).toEqual([]);
    await first;
    await expect(failing).rejects.toThrow(/NOT NULL/);
    expect(await third).toEqual([{ text: 'eins' }]);
    expect(seen).toEqual([['eins', 'drei']]);
    expect(await texts()).toEqual(['eins', 'drei']);
  });
});
