// The foundation's second pass: a durable mail queue, pending e-mail changes, stable ids for
// method action steps.
import { sql } from 'kysely';
import { notNull, withId, type MigrationDb } from './column-types.ts';
import type { Engine } from '../database.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await withId(db.schema.createTable('mail_queue'), engine)
    .addColumn('template', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('run_at', 'bigint', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('sent_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('mail_queue_due')
    .on('mail_queue')
    .columns(['sent_at', 'failed_at', 'run_at'])
    .execute();

  // A new address waits here until its owner confirms it; the old one keeps working until then.
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();

  // Action steps get an id of their own that the seed keeps: positions may change, ids never.
  await db.schema.dropTable('practice_actions').execute();
  await withId(db.schema.createTable('practice_actions'), engine)
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id').onDelete('cascade'))
    .addColumn('position', 'integer', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('link_target', 'text')
    .addColumn('link_label', 'text')
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createIndex('practice_actions_practice')
    .on('practice_actions')
    .columns(['practice_id', 'position'])
    .execute();
  // The seed wrote the old table; run it again to fill the new one.
  await sql`DELETE FROM secrets WHERE key = 'content_hash'`.execute(db);
}
