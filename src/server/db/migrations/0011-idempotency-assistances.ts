// Idempotency keys (every write of the API may carry one; src/server/pipeline/idempotency.ts) and the
// Kompass-KI tips (src/server/engine/tips/). Both are shared by every server process through the
// database: a key's row decides which request acts, a tip's (podcast, cause) pair that it exists once.
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await db.schema
    .createTable('idempotency_keys')
    // `u:<user id>` for signed-in callers, `g:<hash of the CSRF cookie>` for guests.
    .addColumn('scope', 'text', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('request', 'text', notNull)
    .addColumn('body_hash', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('holder', 'text', notNull)
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('locked_until', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expiry')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();

  await withId(db.schema.createTable('assistances'), engine)
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('rule', 'text', notNull)
    // What caused the tip (`goals-missing`, `experiment-ending:17`, …): unique per podcast.
    .addColumn('cause', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('message', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('assistances_cause', ['podcast_id', 'cause'])
    .execute();
  await db.schema
    .createIndex('assistances_podcast_created')
    .on('assistances')
    .columns(['podcast_id', 'created_at'])
    .execute();
}
