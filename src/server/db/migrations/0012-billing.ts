// Billing through the membership provider (Steady). `steady_accounts`: a user's
// connection to the provider (tokens, server-side only) and the subscription as last read.
// `contracts`: which user's subscription unlocks which podcast; one subscription unlocks one
// podcast at a time (both columns unique), releasing deletes the row.
import { notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema
    .createTable('steady_accounts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('steady_user_id', 'text')
    .addColumn('email', 'text')
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('token_expires_at', 'text')
    .addColumn('subscription_id', 'text')
    /** in_trial | active | not_renewing | none */
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('period', 'text')
    .addColumn('plan_name', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('checked_at', 'text', notNull)
    .execute();
  await db.schema
    .createTable('contracts')
    .addColumn('podcast_id', 'integer', (c) => c.primaryKey().references('podcasts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .execute();
}
