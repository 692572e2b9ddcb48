// A start seeds the content only when its files changed (src/server/db/seed/seed.ts): the files'
// hash is recorded with the content hash it gave, so an unchanged start skips the parse, and any
// other seed in between (other files, another process) makes the next start seed again.
import { describe, expect, it } from 'vitest';
import { seed } from '../../../src/server/db/seed/seed.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const stored = async (app: TestApp, key: string) =>
  (await app.db.selectFrom('secrets').select('value').where('key', '=', key).executeTakeFirst())?.value;

describe('seed on start', () => {
  it(
    'writes the content once, and again only when the stored content is not what the files give',
    { timeout: 60_000 },
    async () => {
      const t = await createTestApp();
      expect(await seed(t.db)).toBe(true);
      expect(await seed(t.db)).toBe(false);
      const title = await t.db
        .selectFrom('practices')
        .select('title')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();

      // Someone seeded other content since (the files' record no longer matches the content hash).
      await t.db.updateTable('practices').set({ title: 'Verändert' }).where('id', '=', 1).execute();
      await t.db.updateTable('secrets').set({ value: 'other' }).where('key', '=', 'content_hash').execute();
      expect(await seed(t.db)).toBe(true);
      expect(
        await t.db.selectFrom('practices').select('title').where('id', '=', 1).executeTakeFirstOrThrow(),
      ).toEqual(title);

      // The files changed, their content did not: parsed, nothing written, the record renewed.
      await t.db
        .updateTable('secrets')
        .set({ value: 'old-files x' })
        .where('key', '=', 'content_files')
        .execute();
      expect(await seed(t.db)).toBe(false);
      expect(await stored(t, 'content_files')).toMatch(new RegExp(` ${await stored(t, 'content_hash')}$`));
    },
  );
});
