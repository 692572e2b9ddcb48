import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, withTx, type Database, type Db } from '../../../src/server/db/database.ts';

// database.ts `write` on SQLite: a unit of work runs on the main connection once no Kysely
// transaction of this process holds it; the works of one turn share a transaction and a commit
// (group-commit.ts), each still all or nothing, each caller told after the commit.
describe('units of work (SQLite)', () => {
  let dir: string;
  let db: Database;
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const setup = async () => {
    dir = mkdtempSync(join(tmpdir(), 'kompass-group-commit-'));
    db = createDatabase({ dataDir: dir });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
  };
  const texts = async () =>
    (await sql<{ text: string }>`select text from notes order by id`.execute(db)).rows.map((r) => r.text);
  const insert = (tx: Db, text: string | null) =>
    tx
      .insertInto('notes' as never)
      .values({ text } as never)
      .execute();
  // The reader connection sees only what was committed.
  const committed = () =>
    db.readSync!('select text from notes order by id', []).map((r) => (r as { text: string }).text);

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
    const write = db.write((tx) => insert(tx, 'behalten'));
    release();
    await expect(open).rejects.toThrow('zurückgerollt');
    await write;
    expect(await texts()).toEqual(['behalten']);
  });

  it('is all or nothing: a statement that fails takes the ones before it back', async () => {
    await setup();
    const failing = db.write(async (tx) => {
      await insert(tx, 'eins');
      await insert(tx, null);
    });
    await expect(failing).rejects.toThrow(/NOT NULL/);
    const rows = await db.write(async (tx) => {
      await insert(tx, 'zwei');
      return (await sql`select text from notes`.execute(tx)).rows;
    });
    expect(rows).toEqual([{ text: 'zwei' }]);
    expect(await texts()).toEqual(['zwei']);
  });

  it('commits the works of one turn together, each all or nothing, each caller told after the commit', async () => {
    await setup();
    const seen: string[][] = [];
    const first = db.write((tx) => insert(tx, 'eins')).then(() => seen.push(committed()));
    const failing = db.write(async (tx) => {
      await insert(tx, 'zwei');
      await insert(tx, null);
    });
    const third = db.write(async (tx) => {
      // It sees the group's works before it, not the failed one's.
      const before = (await sql`select text from notes order by id`.execute(tx)).rows;
      await insert(tx, 'drei');
      return before;
    });
    expect(committed()).toEqual([]);
    await first;
    await expect(failing).rejects.toThrow(/NOT NULL/);
    expect(await third).toEqual([{ text: 'eins' }]);
    expect(seen).toEqual([['eins', 'drei']]);
    expect(await texts()).toEqual(['eins', 'drei']);
  });

  it('fails the whole group when a fault ends its transaction (a full disk)', async () => {
    await setup();
    const pages = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)).rows[0]!.page_count;
    await sql.raw(`PRAGMA max_page_count = ${pages + 2}`).execute(db);
    const first = db.write((tx) => insert(tx, 'eins'));
    const full = db.write((tx) => insert(tx, 'x'.repeat(200_000)));
    const third = db.write((tx) => insert(tx, 'drei'));
    for (const work of [first, full, third])
      await expect(work).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    await sql.raw('PRAGMA max_page_count = 1073741823').execute(db);
    await db.write((tx) => insert(tx, 'danach'));
    expect(await texts()).toEqual(['danach']);
  });

  it('fails a work that awaits something other than its database, and refuses its later statements', async () => {
    await setup();
    let resumed!: (late: { statement: Promise<unknown> }) => void;
    const late = new Promise<{ statement: Promise<unknown> }>((resolve) => (resumed = resolve));
    const straying = db.write(async (tx) => {
      await insert(tx, 'verworfen');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const statement = insert(tx, 'zu spät');
      resumed({ statement });
      await statement;
    });
    const next = db.write((tx) => insert(tx, 'behalten'));
    await expect(straying).rejects.toThrow(/awaited something other than its database/);
    await next;
    await expect((await late).statement).rejects.toThrow(/after its work ended/);
    expect(await texts()).toEqual(['behalten']);
  });

  it('runs a withTx inside a work as a savepoint of it', async () => {
    await setup();
    await db.write(async (tx) => {
      await insert(tx, 'eins');
      await expect(
        withTx(tx, async (inner) => {
          await insert(inner, 'zwei');
          throw new Error('nur das');
        }),
      ).rejects.toThrow('nur das');
      await withTx(tx, (inner) => insert(inner, 'drei'));
    });
    expect(await texts()).toEqual(['eins', 'drei']);
  });
});
