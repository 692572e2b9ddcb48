// A podcast's stored ranking counts its writes, so a refresh writes only over the ranking it read
// before its inputs (recommend.ts, Entscheidung PRA-12): a refresh that read older flags can no
// longer store its ranking over a newer one.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema
    .alterTable('practice_score_states')
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
