// Listener numbers from outside (src/server/audience/): the sources a podcast connected (OP3 with
// an encrypted API token, or its uploaded exports), the daily figures they delivered, the
// per-episode counts of sources that have them, uploads waiting for their column mapping, and the
// mapping remembered per file shape. A day holds one row per source; a figure a source does not
// give is NULL, never 0. Metrics taken from a source name it in `podcast_metrics.source` (NULL:
// typed by hand). Entscheidung DB-8: one table of days for every source.
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';
import { watchTable } from './0023-change-counts.ts';

export async function up(db: MigrationDb, engine: Engine) {
  const podcastId = 'podcast_id';
  await withId(db.schema.createTable('audience_sources'), engine)
    .addColumn(podcastId, 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('type', 'text', notNull)
    .addColumn('token_secret', 'text')
    .addColumn('token_hint', 'text')
    .addColumn('show_uuid', 'text')
    .addColumn('show_title', 'text')
    .addColumn('status', 'text', notNull)
    .addColumn('message', 'text')
    .addColumn('cursor', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_fetch_at', 'text')
    .addColumn('last_fetched_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('audience_sources_podcast')
    .on('audience_sources')
    .columns([podcastId, 'type'])
    .unique()
    .execute();
  await db.schema
    .createIndex('audience_sources_due')
    .on('audience_sources')
    .column('next_fetch_at')
    .execute();

  await db.schema
    .createTable('audience_days')
    .addColumn('source_id', 'integer', (c) =>
      c.notNull().references('audience_sources.id').onDelete('cascade'),
    )
    .addColumn(podcastId, 'integer', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('downloads', 'integer')
    .addColumn('listeners', 'integer')
    .addColumn('followers', 'integer')
    .addColumn('plays', 'integer')
    .addColumn('consumption', 'real')
    .addPrimaryKeyConstraint('audience_days_pk', ['source_id', 'day'])
    .execute();
  await db.schema
    .createIndex('audience_days_podcast')
    .on('audience_days')
    .columns([podcastId, 'day'])
    .execute();

  await db.schema
    .createTable('audience_episodes')
    .addColumn('source_id', 'integer', (c) =>
      c.notNull().references('audience_sources.id').onDelete('cascade'),
    )
    .addColumn(podcastId, 'integer', notNull)
    .addColumn('item_guid', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('published_on', 'text')
    .addColumn('downloads_1', 'integer')
    .addColumn('downloads_3', 'integer')
    .addColumn('downloads_7', 'integer')
    .addColumn('downloads_30', 'integer')
    .addColumn('downloads_all', 'integer')
    .addPrimaryKeyConstraint('audience_episodes_pk', ['source_id', 'item_guid'])
    .execute();
  await db.schema
    .createIndex('audience_episodes_podcast')
    .on('audience_episodes')
    .columns([podcastId, 'published_on'])
    .execute();

  await withId(db.schema.createTable('audience_uploads'), engine)
    .addColumn(podcastId, 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('file_name', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('shape', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('audience_uploads_podcast')
    .on('audience_uploads')
    .columns([podcastId, 'id'])
    .execute();

  await db.schema
    .createTable('audience_mappings')
    .addColumn(podcastId, 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('shape', 'text', notNull)
    .addColumn('mapping', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('audience_mappings_pk', [podcastId, 'shape'])
    .execute();

  await db.schema.alterTable('podcast_metrics').addColumn('source', 'text').execute();

  if (engine === 'postgres') {
    for (const table of ['audience_sources', 'audience_days', 'audience_episodes', 'audience_mappings']) {
      await watchTable(db, table);
    }
  }
}
