// The Feed-Check: one dated report per check of a podcast's feed; the newest two tell
// what got fixed. Findings and rhythm are stored as JSON: they are read whole, never queried.
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await withId(db.schema.createTable('feed_checks'), engine)
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('checked_at', 'text', notNull)
    .addColumn('findings', 'text', notNull)
    .addColumn('rhythm', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('feed_checks_podcast')
    .on('feed_checks')
    .columns(['podcast_id', 'id'])
    .execute();
}
