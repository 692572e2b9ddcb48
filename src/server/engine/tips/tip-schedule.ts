// When a podcast's rules may next name a tip by time alone, kept in `tip_schedule` (migration
// 0028) and indexed by it: every evaluation writes the podcast's next due time, and the sweep
// reads only the podcasts whose time has come. A write still evaluates at once (the debounced job);
// the schedule only replaces "every podcast, every five minutes".
// Entscheidung JOBS-1: a sweep with nothing due is one indexed read.
import { addDays, berlinDate } from '../../../shared/calendar.ts';
import type { Database } from '../../db/database.ts';
import { rules } from './rules.ts';
import type { TipState } from './tip-state.ts';

/** Every podcast is evaluated again at least this often (inputs no trigger sees, such as content). */
export const RECHECK_DAYS = 7;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instant a Berlin calendar day begins (midnight there is 22:00 or 23:00 UTC the day before). */
export function berlinMidnight(date: string) {
  const early = Date.parse(`${date}T00:00:00Z`) - 2 * HOUR;
  return berlinDate(new Date(early)) === date ? early : early + HOUR;
}

/**
 * The next time the podcast is due: the first Berlin day after today on which a rule may speak
 * up (a rule without `due` counts tomorrow), at most RECHECK_DAYS away. The recheck is spread over
 * a day by the podcast's id, so podcasts evaluated together are not due together again.
 */
export function nextDueAt(state: TipState | null, podcastId: number, now: Date) {
  const recheck = now.getTime() + RECHECK_DAYS * DAY + (podcastId % 1440) * 60_000;
  if (!state) return recheck;
  const tomorrow = addDays(state.today, 1);
  let first: string | undefined;
  for (const rule of rules) {
    for (const day of rule.due ? rule.due(state) : [tomorrow]) {
      if (day > state.today && (first === undefined || day < first)) first = day;
    }
  }
  return first === undefined ? recheck : Math.min(recheck, berlinMidnight(first));
}

/**
 * Stores the podcast's next due time. `evaluatedAt` (wall-clock ms when its state was read): a
 * row written from a newer state is kept, so a slower evaluation of an older state (another
 * process) cannot push a due time out that the newer state needs.
 */
export async function saveDue(db: Database, podcastId: number, dueAt: number, evaluatedAt: number) {
  const due_at = new Date(dueAt).toISOString();
  await db
    .insertInto('tip_schedule')
    .values({ podcast_id: podcastId, due_at, evaluated_at: evaluatedAt })
    .onConflict((oc) =>
      oc
        .column('podcast_id')
        .doUpdateSet({ due_at, evaluated_at: evaluatedAt })
        .where('tip_schedule.evaluated_at', '<=', evaluatedAt),
    )
    .execute();
}

/** The podcasts due at `now`, earliest first (the index on due_at). */
export async function duePodcasts(db: Database, now: Date, limit: number) {
  const rows = await db
    .selectFrom('tip_schedule')
    .select('podcast_id')
    .where('due_at', '<=', now.toISOString())
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.podcast_id);
}

/**
 * Makes podcasts due now (all without `podcastIds`): for a job or script that changed their
 * inputs outside a request (a request's write evaluates its podcast anyway).
 */
export async function markTipsDue(db: Database, podcastIds?: number[]) {
  if (podcastIds?.length === 0) return;
  let update = db.updateTable('tip_schedule').set({ due_at: '', evaluated_at: 0 });
  if (podcastIds) update = update.where('podcast_id', 'in', podcastIds);
  await update.execute();
}
