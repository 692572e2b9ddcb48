// Named leases for periodic jobs (tip sweep, subscription re-check): whoever holds a job's row
// until a time in the future runs it; several server processes never run one job at once.
import type { MigrationDb } from './column-types.ts';
import { notNull } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', notNull)
    .addColumn('until', 'bigint', notNull)
    .execute();
}
