// An audience source written straight into the database, as connecting OP3 or an upload leaves it
// (status ok, no failures), for suites that store days or episode counts without calling OP3 or
// parsing an export.
import type { TestApp } from './test-app.ts';

/** The new source's id; created now on the app's clock unless `at` says when. */
export async function audienceSource(
  t: Pick<TestApp, 'db' | 'clock'>,
  podcastId: number,
  type: 'op3' | 'upload' = 'upload',
  at = t.clock.now().toISOString(),
) {
  const row = await t.db
    .insertInto('audience_sources')
    .values({ podcast_id: podcastId, type, status: 'ok', failures: 0, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
