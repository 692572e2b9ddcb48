// A podcast's stored scores remember the fingerprint of the inputs they were computed from
// (recommend.ts): a refresh whose inputs did not change is skipped.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema.alterTable('practice_score_states').addColumn('fingerprint', 'text').execute();
}
