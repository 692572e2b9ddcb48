// What every finished experiment adds to its method (practices/pooled-evidence.md): each measured
// experiment's effect on the downloads (its log ratio and variance, and the podcast's kind then),
// the per-method state of what was last published, and the published figures per method and kind
// of podcast (whole percents only). A contribution goes with its experiment and its podcast.
import type { Engine } from '../database.ts';
import { notNull, type MigrationDb } from './column-types.ts';
import { watchTable } from './0023-change-counts.ts';

export async function up(db: MigrationDb, engine: Engine) {
  const float = engine === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('practice_effect_contributions')
    .addColumn('experiment_id', 'integer', (c) =>
      c.primaryKey().references('experiments.id').onDelete('cascade'),
    )
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('practice_id', 'integer', notNull)
    // The podcast's owner when measured: the five-owners rule counts distinct ones.
    .addColumn('owner_id', 'integer')
    // null: measured, but without an answer (too little data); tried again for a while.
    .addColumn('log_ratio', float)
    .addColumn('variance', float)
    .addColumn('kind', 'text', notNull)
    .addColumn('checked_on', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('practice_effect_contributions_practice')
    .on('practice_effect_contributions')
    .column('practice_id')
    .execute();
  await db.schema
    .createIndex('practice_effect_contributions_podcast')
    .on('practice_effect_contributions')
    .column('podcast_id')
    .execute();

  await db.schema
    .createTable('practice_pooled_states')
    .addColumn('practice_id', 'integer', (c) => c.primaryKey())
    .addColumn('experiments', 'integer', notNull)
    .addColumn('contributors', 'integer', notNull)
    // JSON: per podcast id, its experiment ids at the last publication (null: never published).
    .addColumn('published', 'text')
    .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('practice_pooled_effects')
    .addColumn('practice_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('experiments', 'integer', notNull)
    .addColumn('podcasts', 'integer', notNull)
    .addColumn('similar', 'integer', notNull)
    .addColumn('fallback', 'integer', notNull)
    .addColumn('effect', 'integer', notNull)
    .addColumn('low', 'integer', notNull)
    .addColumn('high', 'integer', notNull)
    .addColumn('spread', 'integer', notNull)
    .addColumn('published_at', 'text', notNull)
    .addPrimaryKeyConstraint('practice_pooled_effects_pk', ['practice_id', 'kind'])
    .execute();

  if (engine === 'postgres') {
    for (const table of [
      'practice_effect_contributions',
      'practice_pooled_states',
      'practice_pooled_effects',
    ])
      await watchTable(db, table);
  }
}
