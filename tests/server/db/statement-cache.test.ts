import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../../src/server/db/database.ts';

type Schema = { notes: { id: number; text: string } };

function setup(size?: number) {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table notes (id integer primary key, text text not null)');
  const database = withStatementCache(sqlite, size);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database }) });
  return { db, statements: database.statements };
}

describe('prepared statement cache (SQLite)', () => {
  it('reuses one statement for a repeated query and still answers with current rows', async () => {
    const { db, statements } = setup();
    const byId = (id: number) =>
      db.selectFrom('notes').select('text').where('id', '=', id).executeTakeFirst();
    await db.insertInto('notes').values({ id: 1, text: 'eins' }).execute();
    await db.insertInto('notes').values({ id: 2, text: 'zwei' }).execute();
    expect(await byId(1)).toEqual({ text: 'eins' });
    expect(await byId(2)).toEqual({ text: 'zwei' });
    expect(await byId(3)).toBeUndefined();
    await db.updateTable('notes').set({ text: 'neu' }).where('id', '=', 1).execute();
    expect(await byId(1)).toEqual({ text: 'neu' });
    const selects = [...statements.keys()].filter((sql) => sql.startsWith('select'));
    expect(selects).toEqual(['select "text" from "notes" where "id" = ?']);
    await db.destroy();
  });

  it('keeps at most its size, forgetting the least recently used statement', async () => {
    const { db, statements } = setup(3);
    const column = (name: 'id' | 'text') => db.selectFrom('notes').select(name).execute();
    await column('id');
    await column('text');
    await db.selectFrom('notes').selectAll().execute();
    await column('id'); // used again: now the most recent
    await db.selectFrom('notes').select(['id', 'text']).where('id', '>', 0).execute();
    expect(statements.size).toBe(3);
    expect([...statements.keys()]).toEqual([
      'select * from "notes"',
      'select "id" from "notes"',
      'select "id", "text" from "notes" where "id" > ?',
    ]);
    for (let i = 0; i < 20; i++) {
      await db
        .selectFrom('notes')
        .select(`id as n${i}` as 'id')
        .execute();
    }
    expect(statements.size).toBe(3);
    await db.destroy();
  });
});
