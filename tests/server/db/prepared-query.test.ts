import { describe, expect, it } from 'vitest';
import { preparedQuery } from '../../../src/server/db/prepared-query.ts';
import type { Database } from '../../../src/server/db/database.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp({ seed: true });

// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
describe('prepared queries', () => {
  it('answer like the built query for every argument, keeping the constants of the query', async () => {
    const build = (db: Database, from: number, title: string) =>
      db
        .selectFrom('practices')
        .select(['id', 'title'])
        .where('id', '>=', from)
        .where('duration_days', '>', 0)
        .where('title', '!=', title)
        .orderBy('id')
        .limit(3);
    const prepared = preparedQuery(build);
    const first = await t.db
      .selectFrom('practices')
      .select('title')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    for (const [from, title] of [
      [1, first.title],
      [1, 'keiner'],
      [50, 'keiner'],
      [4711, 'keiner'],
    ] as const) {
      const rows = await prepared(t.db, from, title);
      expect(rows).toEqual(await build(t.db, from, title).execute());
    }
    expect((await prepared(t.db, 1, first.title)).map((r) => r.id)).toEqual([2, 3, 4]);
    expect(await prepared(t.db, 4711, 'keiner')).toEqual([]);
  });
});
