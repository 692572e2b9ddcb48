// A podcast's scores become one ranking in its score state (recommend.ts): a goal change
// writes one row instead of one per method. The old rows go; every podcast's ranking is computed
// again on its next read (a null fingerprint is never current).
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema.alterTable('practice_score_states').addColumn('ranking', 'text').execute();
  await db.updateTable('practice_score_states').set({ fingerprint: null }).execute();
  await db.schema.dropTable('practice_scores').execute();
}
