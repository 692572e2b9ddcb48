import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../src/server/db/database.ts';

// database.ts writeSync: SQLite writes as one synchronous transaction, taken only while no
// Kysely transaction of this process holds the connection.
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
});
