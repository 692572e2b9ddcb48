// The Kompass-KI reads a podcast's newest two values of each metric (engine/tips/tip-state.ts),
// not its whole history: an index that gives them in that order. It replaces the index by
// creation time, which no query walks (the history screen sorts all of a podcast's rows anyway).
// Entscheidung DB-7: the tips read a podcast's newest values, never its whole history.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  await db.schema
    .createIndex('podcast_metrics_latest')
    .on('podcast_metrics')
    .columns(['podcast_id', 'metric', 'recorded_on', 'id'])
    .execute();
  await db.schema.dropIndex('podcast_metrics_history').execute();
}
