// PostgreSQL's side of kept answers (pipeline/answer-cache.ts): a count of changes per
// podcast (podcast_id 0: of everything, such as methods and users), raised by a trigger on every
// table a podcast's answers may read, by the same rule as SQLite's watch (db/change-watch.ts). The
// guard's statement reads the counts with the podcast's row, in one snapshot. The triggers are
// deferred to the commit: the count's row is locked from its update to the commit, so two writes
// of one podcast wait for each other only that long. SQLite gets the table (the guard's statement
// names it) but counts in the process instead.
// A table made by a later migration needs its triggers there (`watchTable`: the row trigger and the
// TRUNCATE trigger of migration 0026; the first test of
// tests/server/http/answer-cache.test.ts names a table without one).
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { podcastKeyOf, podcastOf, UNWATCHED } from '../change-watch.ts';
import type { MigrationDb } from './column-types.ts';

/** The setting that says, for the rest of a transaction, that the podcast `id` (SQL) was counted. */
const counted = (id: string) => `'kompass.changed_' || coalesce(${id}, 0)`;

/**
 * The count of a change: once per podcast and transaction (a setting local to it remembers; a step
 * toggle changes two rows, and each count's update costs an upsert and a new row version).
 */
export const countChange = sql`
  CREATE OR REPLACE FUNCTION count_change(podcast bigint) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    remembered text;
  BEGIN
    IF current_setting(${sql.raw(counted('podcast'))}, true) = 'yes' THEN RETURN; END IF;
    remembered := set_config(${sql.raw(counted('podcast'))}, 'yes', true);
    INSERT INTO change_counts (podcast_id, count) VALUES (coalesce(podcast, 0), 1)
    ON CONFLICT (podcast_id) DO UPDATE SET count = change_counts.count + 1;
  END $$`;

/**
 * The function of `table`'s trigger (PostgreSQL), by its columns. It finds a row's podcast once per
 * row and side, and asks the setting before it calls count_change, in expressions PL/pgSQL
 * evaluates without the executor; an UPDATE counts the new side only when the column the podcast is
 * found by changed. Each PERFORM and each subquery was a statement of its own, and the change count
 * a tenth of a step toggle's CPU in PostgreSQL (Entscheidung DB-27).
 */
export async function watchFunction(db: MigrationDb, table: string) {
  const rows = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db);
  const columns = new Set(rows.rows.map((r) => r.column_name));
  const side = (row: 'NEW' | 'OLD') => `
          changed_podcast := ${podcastOf(table, columns, row, '')};
          IF current_setting(${counted('changed_podcast')}, true) IS DISTINCT FROM 'yes' THEN
            PERFORM count_change(changed_podcast);
          END IF;`;
  const [before, after] = [podcastKeyOf(table, columns, 'OLD'), podcastKeyOf(table, columns, 'NEW')];
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION "changed_${table}"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed_podcast bigint;
      BEGIN
        IF TG_OP <> 'INSERT' THEN${side('OLD')}
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND ${before} IS DISTINCT FROM ${after}) THEN${side('NEW')}
        END IF;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
}

/** Trigger and function for `table` (PostgreSQL), by its columns. */
export async function watchTable(db: MigrationDb, table: string) {
  await watchFunction(db, table);
  await sql
    .raw(
      `CREATE CONSTRAINT TRIGGER "changed" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "changed_${table}"()`,
    )
    .execute(db);
  await watchTruncate(db, table);
}

/**
 * A TRUNCATE of `table` counts a change of everything (migration 0026: it fires no row trigger). The function is made here too, so a migration before 0026 that watches a new
 * table works on a fresh database; 0026 then gives the tables watched before it theirs.
 */
export async function watchTruncate(db: MigrationDb, table: string) {
  await sql`
    CREATE OR REPLACE FUNCTION changed_by_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM count_change(NULL);
      RETURN NULL;
    END $$`.execute(db);
  await sql.raw(`DROP TRIGGER IF EXISTS "changed_truncate" ON "${table}"`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER "changed_truncate" AFTER TRUNCATE ON "${table}"
       FOR EACH STATEMENT EXECUTE FUNCTION changed_by_truncate()`,
    )
    .execute(db);
}

export async function up(db: MigrationDb, engine: Engine) {
  await db.schema
    .createTable('change_counts')
    .addColumn('podcast_id', 'bigint', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .execute();
  if (engine !== 'postgres') return;
  await countChange.execute(db);
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'`.execute(
    db,
  );
  for (const { table_name } of tables.rows) {
    if (!UNWATCHED.has(table_name)) await watchTable(db, table_name);
  }
}
