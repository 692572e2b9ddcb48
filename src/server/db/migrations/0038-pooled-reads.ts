// What the pooled effects' job (practices/pooled-job.ts) and the method screens read, indexed so
// their cost follows what changed, not the studio's size (Entscheidung PRA-11):
// - the experiments by their end, of those not deleted: a run reads the ones that ended lately;
// - the deleted experiments apart: a run drops their contributions;
// - the measured contributions by method (log_ratio set), which replaces the index of all of them
//   by method: the counts per method and a method's list read only these;
// - the published figures by the reader's kind: a podcast's read takes its kind's rows only.
import { sql } from 'kysely';
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema
    .createIndex('experiments_ended')
    .on('experiments')
    .columns(['ends_at', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('experiments_deleted')
    .on('experiments')
    .column('deleted_at')
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();
  await db.schema.dropIndex('practice_effect_contributions_practice').execute();
  await db.schema
    .createIndex('practice_effect_contributions_measured')
    .on('practice_effect_contributions')
    .column('practice_id')
    .where(sql.ref('log_ratio'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('practice_pooled_effects_kind')
    .on('practice_pooled_effects')
    .columns(['kind', 'practice_id'])
    .execute();
}
