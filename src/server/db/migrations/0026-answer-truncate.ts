// PostgreSQL: a TRUNCATE fires no row trigger, so migration 0023's counts missed it and every
// process went on answering from what it kept (pipeline/answer-cache.ts) until something else changed
// the podcast. Each watched table gets a statement-level trigger for TRUNCATE that counts a change
// of everything (podcast_id 0), which every kept answer and kept access row is keyed by. Not
// deferred (PostgreSQL defers only row-level constraint triggers): the count's row stays locked
// until the TRUNCATE's transaction commits, which holds the whole table until then anyway.
// `watchTable` (0023) adds the same trigger to the tables of later migrations. Changes that fire
// no trigger at all (a restore with session_replication_role = replica) are forgotten by
// `npm run admin -- forget-answers` (admin/forget-answers.ts, Entscheidung ADM-1).
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { watchTruncate } from './0023-change-counts.ts';
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  if (engine !== 'postgres') return;
  const watched = await sql<{ table_name: string }>`
    SELECT c.relname AS table_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE t.tgname = 'changed' AND c.relnamespace = current_schema()::regnamespace`.execute(db);
  for (const { table_name } of watched.rows) await watchTruncate(db, table_name);
}
