// The commit's first steps inside its transaction, shared by days and episode tables: the pending
// upload taken (or, for a zip with reports left, the imported report taken out of it) and the
// podcast's upload source made on its first commit.
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { audienceMessages } from '../../shared/audience.ts';

/**
 * Takes the pending upload, or only its imported report when others are `left` (compared with the
 * `content` read before): first in the transaction, so that two commits of the same report cannot
 * both store it; the second finds none (404).
 */
export async function takePending(
  trx: Db,
  at: { uploadId: number; podcastId: number; content: string; left: string | null },
) {
  const taken =
    at.left === null
      ? await trx
          .deleteFrom('audience_uploads')
          .where('id', '=', at.uploadId)
          .where('podcast_id', '=', at.podcastId)
          .executeTakeFirst()
          .then((r) => Number(r.numDeletedRows))
      : await trx
          .updateTable('audience_uploads')
          .set({ content: at.left })
          .where('id', '=', at.uploadId)
          .where('podcast_id', '=', at.podcastId)
          .where('content', '=', at.content)
          .executeTakeFirst()
          .then((r) => Number(r.numUpdatedRows));
  if (taken === 0) throw notFound(audienceMessages.uploadNotFound);
}

/** The podcast's upload source, made on its first commit (a parallel commit's row is taken). */
export async function uploadSource(trx: Db, podcastId: number, now: string) {
  await trx
    .insertInto('audience_sources')
    .values({ podcast_id: podcastId, type: 'upload', status: 'ok', failures: 0, created_at: now })
    .onConflict((oc) => oc.columns(['podcast_id', 'type']).doNothing())
    .execute();
  return trx
    .selectFrom('audience_sources')
    .select('id')
    .where('podcast_id', '=', podcastId)
    .where('type', '=', 'upload')
    .executeTakeFirstOrThrow();
}
