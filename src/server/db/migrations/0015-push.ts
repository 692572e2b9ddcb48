// Web Push: the devices that asked for notifications, and one job per new tip that a
// worker sends to them after the request (like mail_queue). VAPID keys live in `secrets`.
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await withId(db.schema.createTable('push_subscriptions'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The push service's URL for this device: one device, one owner (a new user takes it over).
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', notNull)
    .addColumn('auth', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await withId(db.schema.createTable('push_queue'), engine)
    .addColumn('assistance_id', 'integer', (c) =>
      c.notNull().unique().references('assistances.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .addColumn('run_at', 'bigint', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('push_queue_due').on('push_queue').columns(['sent_at', 'run_at']).execute();
}
