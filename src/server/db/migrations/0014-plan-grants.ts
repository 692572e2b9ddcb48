// Plans changed by an admin in /nova: a podcast's trial length (null = the standard
// 30 days) and Pro granted through a Berlin day (`pro_until`, inclusive) with the reason, which
// the audit log also keeps.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema.alterTable('podcasts').addColumn('trial_days', 'integer').execute();
  await db.schema.alterTable('podcasts').addColumn('pro_until', 'text').execute();
  await db.schema.alterTable('podcasts').addColumn('pro_reason', 'text').execute();
}
