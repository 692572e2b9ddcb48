// The control series of an experiment's effect (audience/control-series.ts) reads every podcast's
// downloads over a range of days: an index by day (with the podcast, source and downloads, so the
// read never touches the table's rows) keeps that one range scan (Entscheidung DB-24).
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema
    .createIndex('audience_days_day')
    .on('audience_days')
    .columns(['day', 'podcast_id', 'source_id', 'downloads'])
    .execute();
}
