// Column types that differ between the engines; migrations use these instead of raw type names.
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../database.ts';

export type MigrationDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function withId<T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const bytesType = (engine: Engine) => (engine === 'postgres' ? 'bytea' : 'blob');

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
