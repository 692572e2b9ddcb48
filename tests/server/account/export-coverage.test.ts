// 'Meine Daten herunterladen' holds every table with an account's data: the
// database's own table list is the measure, so a table added later fails here until
// export-tables.ts names it (with its file, or with why it holds nothing of an account's).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  exportedTableNames,
  exportedTables,
  notExported,
} from '../../../src/server/account/export/export-tables.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { csv, download, richAccount } from './export-helpers.ts';

const t = await createTestApp();
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** The database's tables and their columns, as the engine lists them. */
async function schema() {
  const rows = postgres
    ? await sql<{ table: string; column: string }>`
        SELECT c.table_name AS "table", c.column_name AS "column"
        FROM information_schema.columns c JOIN information_schema.tables t
          ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`.execute(t.db)
    : await sql<{ table: string; column: string }>`
        SELECT m.name AS "table", p.name AS "column"
        FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'`.execute(t.db);
  const tables = new Map<string, Set<string>>();
  for (const { table, column } of rows.rows) {
    if (!tables.has(table)) tables.set(table, new Set());
    tables.get(table)!.add(column);
  }
  return tables;
}

describe('the data export covers the database', () => {
  it('names every table of the database: exported, or left out with a reason', async () => {
    const tables = await schema();
    const unnamed = [...tables.keys()].filter((name) => !(name in exportedTables) && !(name in notExported));
    expect(unnamed, 'tables neither exported nor left out with a reason (export-tables.ts)').toEqual([]);
    for (const [name, reason] of Object.entries(notExported)) expect(reason.length, name).toBeGreaterThan(10);
    const gone = exportedTableNames.filter((name) => !tables.has(name));
    expect(gone, 'exported tables the database does not have').toEqual([]);
  });

  it('writes only columns the tables have, and none that holds a secret', async () => {
    const tables = await schema();
    for (const name of exportedTableNames) {
      const spec = exportedTables[name] as { columns: readonly string[]; file?: { column: string } };
      const columns = [...spec.columns.filter((c) => c !== 'file'), ...(spec.file ? [spec.file.column] : [])];
      expect(
        columns.filter((c) => !tables.get(name)!.has(c)),
        name,
      ).toEqual([]);
      expect(
        spec.columns.filter((c) => /hash|secret|token|password|^auth$|p256dh|endpoint|cursor/.test(c)),
        name,
      ).toEqual([]);
    }
  });

  it("puts a row of every exported table into the owner's archive, and no secret", async () => {
    const { owner } = await richAccount(t);
    expect((await owner.agent.post('/api/account/export')).statusCode).toBe(201);
    const { files } = await download(owner.agent);
    const empty = exportedTableNames.filter((name) => csv(files, `${name}.csv`).length === 0);
    expect(empty, 'exported tables without a row of the account').toEqual([]);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.md', 'export.json', 'experiment_effects.json']),
    );

    // Every byte of the archive, and what the database holds as secrets of this account.
    const all = Buffer.concat(Object.values(files).map((f) => Buffer.from(f))).toString('latin1');
    const user = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', owner.id).execute();
    const sealed = await t.db.selectFrom('audience_sources').select(['token_secret', 'token_hint']).execute();
    const secrets = [
      user.password_hash,
      ...sessions.map((s) => s.id),
      // An upload source has no token.
      ...sealed.flatMap((s) => [s.token_secret, s.token_hint]).filter((v): v is string => v !== null),
      ...Object.values((await import('./export-helpers.ts')).SECRETS),
    ];
    for (const secret of secrets)
      expect(all.includes(secret), `secret ${secret.slice(0, 6)}… in the archive`).toBe(false);
  });
});
