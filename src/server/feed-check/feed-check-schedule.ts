// When each podcast's feed is next due for its daily check (`feed_check_schedule`, migration
// 0029), indexed by that time: every stored check writes the next one, at the podcast's own time of
// day (jobs/due-spread.ts), and the job takes only due rows, a bounded number, earliest first.
// Taking a row moves it CLAIM_MS ahead in the same conditional update, so two runs (two processes
// whose job lease changed hands mid-run) never take one row twice, and a process that dies with
// rows taken leaves them due again after CLAIM_MS.
// Entscheidung JOBS-1: a run reads only the due rows.
import type { Db } from '../db/database.ts';
import { nextDailySlot } from '../jobs/due-spread.ts';

/** A check comes at least this long after the one before (an import is not checked again at once). */
const MIN_GAP_MS = 3_600_000;
/** How long a taken row is the taking run's. */
export const CLAIM_MS = 30 * 60_000;

/** The podcast's next check after one at `now`: its own time of day, in (1 h, 25 h] from now. */
export const nextCheckAt = (podcastId: number, now: Date) =>
  new Date(nextDailySlot(podcastId, now.getTime() + MIN_GAP_MS)).toISOString();

/** Stores when the podcast is next due (after each stored check). */
export async function scheduleNextCheck(db: Db, podcastId: number, now: Date) {
  const due_at = nextCheckAt(podcastId, now);
  await db
    .insertInto('feed_check_schedule')
    .values({ podcast_id: podcastId, due_at })
    .onConflict((oc) => oc.column('podcast_id').doUpdateSet({ due_at }))
    .execute();
}

/** The due rows, earliest first: the index on due_at (a run with nothing due reads only this). */
export const dueChecksQuery = (db: Db, now: Date, limit: number) =>
  db
    .selectFrom('feed_check_schedule')
    .select('podcast_id')
    .where('due_at', '<=', now.toISOString())
    .orderBy('due_at')
    .limit(limit);

/**
 * Takes up to `limit` due podcasts with their feed URL. A podcast whose feed was removed leaves
 * the schedule (a new feed URL puts it back, migration 0029's trigger).
 */
export async function takeDueChecks(db: Db, now: Date, limit: number) {
  const due = (await dueChecksQuery(db, now, limit).execute()).map((r) => r.podcast_id);
  if (due.length === 0) return [];
  const claimed = new Date(now.getTime() + CLAIM_MS).toISOString();
  const taken = await db
    .updateTable('feed_check_schedule')
    .set({ due_at: claimed })
    .where('podcast_id', 'in', due)
    .where('due_at', '<=', now.toISOString())
    .returning('podcast_id')
    .execute();
  if (taken.length === 0) return [];
  const ids = taken.map((r) => r.podcast_id);
  const podcasts = await db.selectFrom('podcasts').select(['id', 'rss_uri']).where('id', 'in', ids).execute();
  const withFeed = podcasts.flatMap((p) => (p.rss_uri ? [{ id: p.id, rss_uri: p.rss_uri }] : []));
  const without = ids.filter((id) => !withFeed.some((p) => p.id === id));
  // Unless a feed was set meanwhile (the trigger made the row due again).
  if (without.length > 0)
    await db
      .deleteFrom('feed_check_schedule')
      .where('podcast_id', 'in', without)
      .where('due_at', '=', claimed)
      .execute();
  return withFeed.sort((a, b) => due.indexOf(a.id) - due.indexOf(b.id));
}
