// PostgreSQL: migration 0023's change counts, counted the same way by cheaper functions
// (`countChange`, `watchFunction`; Entscheidung DB-27): every watched table's trigger function and
// count_change made again. The triggers stay as they are.
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { countChange, watchFunction } from './0023-change-counts.ts';
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  if (engine !== 'postgres') return;
  await countChange.execute(db);
  const watched = await sql<{ table_name: string }>`
    SELECT c.relname AS table_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE t.tgname = 'changed' AND c.relnamespace = current_schema()::regnamespace`.execute(db);
  for (const { table_name } of watched.rows) await watchFunction(db, table_name);
}
