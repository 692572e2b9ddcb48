// Each committed upload of a podcast's exports, with the figures it gave per day
// (audience/upload-imports.ts), so one upload can be taken back alone: the upload source's days
// are then merged anew from the uploads that remain. The days uploaded before this migration
// become one import ('Frühere Uploads', file_name NULL) holding what the upload source held.
// And what a metric taken from a source measures (`podcast_metrics.measure`: 'followers' or
// 'downloads_per_week' for 'Reichweite'), so its history names its unit (Entscheidung AUD-16).
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';
import { watchTable } from './0023-change-counts.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await withId(db.schema.createTable('audience_imports'), engine)
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('source_id', 'integer', (c) =>
      c.notNull().references('audience_sources.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer')
    .addColumn('file_name', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('audience_imports_podcast')
    .on('audience_imports')
    .columns(['podcast_id', 'id'])
    .execute();

  await db.schema
    .createTable('audience_import_days')
    .addColumn('import_id', 'integer', (c) =>
      c.notNull().references('audience_imports.id').onDelete('cascade'),
    )
    .addColumn('podcast_id', 'integer', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('downloads', 'integer')
    .addColumn('listeners', 'integer')
    .addColumn('followers', 'integer')
    .addColumn('plays', 'integer')
    .addColumn('consumption', 'real')
    .addPrimaryKeyConstraint('audience_import_days_pk', ['import_id', 'day'])
    .execute();
  await db.schema
    .createIndex('audience_import_days_podcast')
    .on('audience_import_days')
    .columns(['podcast_id', 'day'])
    .execute();

  await sql`
    INSERT INTO audience_imports (podcast_id, source_id, user_id, file_name, created_at)
    SELECT podcast_id, id, NULL, NULL, COALESCE(last_fetched_at, created_at)
    FROM audience_sources WHERE type = 'upload'`.execute(db);
  await sql`
    INSERT INTO audience_import_days
      (import_id, podcast_id, day, downloads, listeners, followers, plays, consumption)
    SELECT i.id, d.podcast_id, d.day, d.downloads, d.listeners, d.followers, d.plays, d.consumption
    FROM audience_days d JOIN audience_imports i ON i.source_id = d.source_id`.execute(db);

  await db.schema.alterTable('podcast_metrics').addColumn('measure', 'text').execute();
  await sql`
    UPDATE podcast_metrics SET measure = CASE
      WHEN EXISTS (SELECT 1 FROM audience_days d
                   WHERE d.podcast_id = podcast_metrics.podcast_id AND d.followers IS NOT NULL)
      THEN 'followers' ELSE 'downloads_per_week' END
    WHERE source IS NOT NULL AND metric = 'coverage'`.execute(db);

  if (engine === 'postgres') {
    for (const table of ['audience_imports', 'audience_import_days']) await watchTable(db, table);
  }
}
