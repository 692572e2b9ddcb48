// Per-episode counts at every age a source gives (audience/episode-counts.ts): an uploaded episode
// table names ages beyond OP3's 1/3/7/30 days (Podlove: 2d … 6d, 2w, 1q, 1y; a host: 14 and 90
// days). They go into `ages` (JSON: days → downloads) beside the fixed columns, on the same row, so
// OP3's counts and an upload's land in one place and leave with their source and podcast
// (foreign key on delete cascade). Entscheidung DB-22.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema.alterTable('audience_episodes').addColumn('ages', 'text').execute();
}
