// The podcast title typed in the setup wizard's first step is kept with the account, so
// onboarding on any device starts with it.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema.alterTable('users').addColumn('podcast_title', 'text').execute();
}
