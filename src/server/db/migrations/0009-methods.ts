// Methods for a podcast: the three flags a podcast sets on a method (bookmarked,
// rejected = do not recommend, applied = 'In Anwendung'), each at most once per podcast and
// method, with who set it and when; and the stored recommendation scores of the engine
// (src/server/practices/recommend.ts), refreshed per podcast, stamped with the content version.
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  for (const table of ['practice_bookmarks', 'practice_rejections', 'practice_applications']) {
    let create = withId(db.schema.createTable(table), engine)
      .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
      .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', notNull);
    // The Berlin day the method was marked applied (§3 Application starts_at).
    if (table === 'practice_applications') create = create.addColumn('starts_on', 'text', notNull);
    await create.addUniqueConstraint(`${table}_podcast_practice`, ['podcast_id', 'practice_id']).execute();
  }

  // similarity × 1000 as an integer (exact and sortable on both engines); reasons as the engine's
  // short codes (recommend-engine.ts reasonsOf), comma-separated.
  await db.schema
    .createTable('practice_scores')
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id').onDelete('cascade'))
    .addColumn('score', 'integer', notNull)
    .addColumn('reasons', 'text', notNull)
    .addPrimaryKeyConstraint('practice_scores_pk', ['podcast_id', 'practice_id'])
    .execute();
  await db.schema
    .createIndex('practice_scores_rank')
    .on('practice_scores')
    .columns(['podcast_id', 'score'])
    .execute();

  // When the podcast's scores were computed, and for which content (contentVersion).
  await db.schema
    .createTable('practice_score_states')
    .addColumn('podcast_id', 'integer', (c) => c.primaryKey().references('podcasts.id').onDelete('cascade'))
    .addColumn('content_version', 'text', notNull)
    .addColumn('refreshed_at', 'text', notNull)
    .execute();
}
