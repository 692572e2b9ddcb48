// The onboarding step the account left off at (item 8): the app leads back to it until
// onboarding is complete (src/server/account/onboarding-routes.ts). Null: nothing open.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema
    .alterTable('users')
    .addColumn('onboarding_podcast_id', 'integer', (c) => c.references('podcasts.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('users').addColumn('onboarding_step', 'text').execute();
}
