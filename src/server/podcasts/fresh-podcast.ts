// Whether a podcast is still "fresh": just created in onboarding and nothing else hangs on it.
// Its owner may delete it without the password (onboarding's 'Zurück' on the confirm step takes
// back what the create step made); any other deletion needs the password (§5).
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PodcastsTable } from '../db/schema.ts';

/** How long after its creation a podcast counts as fresh. */
export const FRESH_PODCAST_MS = 24 * 60 * 60 * 1000;

/**
 * Fresh: created less than 24 hours ago (by the app's clock), setup checklist not closed, nobody
 * but the owner is or was a member, and no metrics recorded.
 */
export async function isFreshPodcast(db: Db, podcast: Selectable<PodcastsTable>, now: Date) {
  const age = now.getTime() - new Date(podcast.created_at).getTime();
  if (age < 0 || age >= FRESH_PODCAST_MS || podcast.completed_at) return false;
  const [others, metrics] = await Promise.all([
    db
      .selectFrom('memberships')
      .select('id')
      .where('podcast_id', '=', podcast.id)
      .where('role', '!=', 'owner')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('podcast_metrics')
      .select('id')
      .where('podcast_id', '=', podcast.id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return !others && !metrics;
}
