// Creating a podcast, shared by the form (POST /api/podcasts) and the feed import: the podcast and
// the owner's membership in one transaction, so there is no podcast without an owner. The trial
// needs no row: it runs from the podcast's created_at (access/plan.ts).
import type { Insertable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { PodcastsTable } from '../db/schema.ts';
import type { SessionUser } from '../access/session.ts';
import { podcastAccess } from '../access/guard.ts';
import { serializePodcast } from './serialize-podcast.ts';

export type PodcastColumns = Omit<
  Insertable<PodcastsTable>,
  'id' | 'created_at' | 'updated_at' | 'completed_at'
>;

/** Inserts the podcast and the owner membership; call inside `withTx`. Returns the podcast id. */
export async function createPodcast(tx: Db, columns: PodcastColumns, userId: number, now: Date) {
  const at = now.toISOString();
  const row = await tx
    .insertInto('podcasts')
    .values({ ...columns, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('memberships')
    .values({ podcast_id: row.id, user_id: userId, role: 'owner', active: 1, created_at: at })
    .execute();
  return row.id;
}

/** The answer to a creation: the new podcast as its owner sees it. */
export async function createdPodcast(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  user: SessionUser,
  podcastId: number,
) {
  const access = await podcastAccess(db, clock.now(), user, podcastId, { action: 'podcast.read' });
  return { data: await serializePodcast(db, access) };
}

/**
 * Deletes the covers of podcasts just deleted (`DELETE … RETURNING image_id`): their data goes by
 * cascade, but the cover is referenced from the podcast, so no foreign key takes it along.
 */
export async function deleteCovers(tx: Db, deleted: { image_id: number | null }[]) {
  const ids = deleted.map((p) => p.image_id).filter((id) => id !== null);
  if (ids.length > 0) await tx.deleteFrom('images').where('id', 'in', ids).execute();
}
