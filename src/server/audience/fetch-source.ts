// One fetch of one source: claim it (a lease per source, so one process fetches it however many
// ask), read from where the last fetch stopped, store each batch with its cursor in one
// transaction, and leave the source 'ok' with its next daily fetch — or, when the source
// refuses or is away, record why and when to try again.
//
// Entscheidung AUD-10, its rules:
// - The range: a new source reads the last 12 months (BACKFILL_DAYS, up to yesterday, the last
//   complete UTC day); later fetches read again from REREAD_DAYS before the newest stored day,
//   since OP3 rolls a day up some hours after it ends (a day read too early is corrected).
// - 429, a 5xx, a timeout or a refused connection: back off exponentially (5 min, 10, 20, … at
//   most a day; longer if the source says Retry-After), keep the cursor, resume there.
// - A refused token waits for the user (no next fetch); an unknown show is asked again daily.
// - An answer that cannot be right (op3-source.ts, its bounds; Entscheidung AUD-2)
//   ends the fetch with the reason as the source's message ('Fehler'); asked again the next day.
// - Each batch is its own short transaction outside any request (audience-job.ts runs every fetch
//   in the job's own async context), so a crash resumes at the last stored batch.
import type { Updateable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { AudienceSourcesTable } from '../db/tables/audience.ts';
import { withTx, type Db } from '../db/database.ts';
import { releaseLease, takeLease } from '../jobs/lease.ts';
import { nextDailySlot } from '../jobs/due-spread.ts';
import { audienceMessages } from '../../shared/audience.ts';
import { addDays } from '../../shared/calendar.ts';
import { storeDays } from './store-days.ts';
import { updateSourceMetrics } from './source-metrics.ts';
import { op3Client } from './op3-client.ts';
import { cursorRange, op3Reader } from './op3-source.ts';
import { isSourceError, type AudienceEpisodeRow, type SourceError } from './source.ts';
import { serverTokenBox } from './token-box.ts';

export const BACKFILL_DAYS = 365;
const REREAD_DAYS = 3;
const LEASE_MS = 10 * 60_000;
const BACKOFF_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 24 * 3_600_000;
const HOUR = 3_600_000;
/**
 * The daily fetch comes between 04:00 UTC, when OP3 has rolled up the day before, and midnight,
 * each source at its own time in that window (jobs/due-spread.ts), so they do not all come due at once.
 */
const DAILY_WINDOW = { startMs: 4 * HOUR, spanMs: 20 * HOUR };

export const sourceMessages = {
  backfilling: 'Wir laden deine Hörerzahlen der letzten 12 Monate … Das dauert meist nur ein paar Minuten.',
  backfillPaused:
    'Wir laden deine Hörerzahlen der letzten 12 Monate … OP3 ist gerade nicht erreichbar; wir machen später an derselben Stelle weiter.',
};

export type FetchContext = Pick<AppContext, 'db' | 'clock' | 'config'>;
/** ok / pending (paused, resumes) / error (waits) / busy (fetched elsewhere or not due) / gone. */
export type FetchOutcome = 'ok' | 'pending' | 'error' | 'busy' | 'gone';

type SetSource = (values: Updateable<AudienceSourcesTable>) => Promise<unknown>;

const leaseName = (sourceId: number) => `audience-source:${sourceId}`;

/** The source's next time in the daily window after `now` (at most a day away). */
export function nextDailyFetch(sourceId: number, now: Date) {
  return new Date(nextDailySlot(sourceId, now.getTime(), DAILY_WINDOW)).toISOString();
}

async function replaceEpisodes(
  tx: Db,
  ids: { source_id: number; podcast_id: number },
  rows: AudienceEpisodeRow[],
) {
  await tx.deleteFrom('audience_episodes').where('source_id', '=', ids.source_id).execute();
  const unique = [...new Map(rows.map((row) => [row.item_guid, row])).values()];
  for (let i = 0; i < unique.length; i += 200) {
    await tx
      .insertInto('audience_episodes')
      .values(unique.slice(i, i + 200).map((row) => ({ ...ids, ...row })))
      .execute();
  }
}

/**
 * Fetches source `sourceId` now if this caller gets its lease (`holder`: the calling process).
 * `force`: also when it is not due (the refresh button); the job passes false, so a source another
 * process fetched a moment ago is not fetched twice.
 */
export async function fetchSource(
  ctx: FetchContext,
  sourceId: number,
  { holder, force, signal }: { holder: string; force: boolean; signal?: AbortSignal },
): Promise<FetchOutcome> {
  const { db, clock, config } = ctx;
  if (!(await takeLease(ctx, leaseName(sourceId), LEASE_MS, holder))) return 'busy';
  try {
    const source = await db
      .selectFrom('audience_sources')
      .selectAll()
      .where('id', '=', sourceId)
      .executeTakeFirst();
    if (!source || source.type !== 'op3' || !source.show_uuid) return 'gone';
    const now = clock.now();
    if (!force && (source.next_fetch_at === null || source.next_fetch_at > now.toISOString())) return 'busy';
    const set: SetSource = (values) =>
      db.updateTable('audience_sources').set(values).where('id', '=', sourceId).execute();
    const token =
      source.token_secret && (await serverTokenBox(db)).open(source.token_secret, source.podcast_id);
    if (!token) {
      await set({ status: 'error', message: audienceMessages.tokenInvalid, next_fetch_at: null });
      return 'error';
    }
    const newest = await db
      .selectFrom('audience_days')
      .select((eb) => eb.fn.max('day').as('day'))
      .where('source_id', '=', sourceId)
      .executeTakeFirst();
    const lastDay = (newest?.day as string | null | undefined) ?? null;
    const until = addDays(now.toISOString().slice(0, 10), -1);
    const range = cursorRange(source.cursor) ?? {
      from: lastDay ? addDays(lastDay, -REREAD_DAYS + 1) : addDays(until, -(BACKFILL_DAYS - 1)),
      to: until,
    };
    const reader = op3Reader(op3Client(config.op3, token), source.show_uuid, {
      started: lastDay !== null,
      signal,
    });
    const ids = { source_id: sourceId, podcast_id: source.podcast_id };
    let leased = now.getTime();
    try {
      for await (const batch of reader.read(range, source.cursor)) {
        // The lease is renewed once a third of it has passed, not on every page; lost (this
        // fetch outran it and another process took the source), this fetch stops before writing.
        if (clock.now().getTime() - leased >= LEASE_MS / 3) {
          if (!(await takeLease(ctx, leaseName(sourceId), LEASE_MS, holder))) return 'busy';
          leased = clock.now().getTime();
        }
        const stored = await withTx(db, async (tx) => {
          // First, so a source removed meanwhile stops here (and, on PostgreSQL, its row is locked).
          const row = await tx
            .updateTable('audience_sources')
            .set({ cursor: batch.cursor })
            .where('id', '=', sourceId)
            .returning('id')
            .executeTakeFirst();
          if (!row) return false;
          await storeDays(tx, { sourceId, podcastId: source.podcast_id }, batch.days);
          if (batch.episodes) await replaceEpisodes(tx, ids, batch.episodes);
          return true;
        });
        if (!stored) return 'gone';
      }
    } catch (error) {
      if (!isSourceError(error)) throw error;
      return await failed(ctx, source, error, set);
    }
    // Reichweite/Durchhörrate from the days just fetched (source-metrics.ts).
    await withTx(db, (tx) => updateSourceMetrics(tx, source.podcast_id, clock.now()));
    await set({
      status: 'ok',
      message: null,
      cursor: null,
      failures: 0,
      last_fetched_at: clock.now().toISOString(),
      next_fetch_at: nextDailyFetch(sourceId, clock.now()),
    });
    return 'ok';
  } finally {
    await releaseLease(ctx, leaseName(sourceId), holder).catch(() => {});
  }
}

async function failed(
  { clock }: FetchContext,
  source: { id: number; status: string; failures: number },
  error: SourceError,
  set: SetSource,
): Promise<FetchOutcome> {
  const now = clock.now();
  const failures = source.failures + 1;
  if (error.kind === 'token') {
    await set({ status: 'error', message: error.message, failures, next_fetch_at: null });
    return 'error';
  }
  if (error.kind === 'answer') {
    // What the source sent cannot be right: the days stored so far stay, the cursor goes (it
    // would lead into the same answer), and the next daily fetch reads again from the newest day.
    await set({
      status: 'error',
      message: error.message,
      cursor: null,
      failures,
      next_fetch_at: nextDailyFetch(source.id, now),
    });
    return 'error';
  }
  if (error.kind === 'show') {
    await set({
      status: 'error',
      message: error.message,
      failures,
      next_fetch_at: nextDailyFetch(source.id, now),
    });
    return 'error';
  }
  const wait = Math.max(
    Math.min(BACKOFF_MS * 2 ** Math.min(failures - 1, 20), MAX_BACKOFF_MS),
    (error.retryAfter ?? 0) * 1000,
  );
  const pending = source.status === 'pending';
  await set({
    status: pending ? 'pending' : 'error',
    message: pending ? sourceMessages.backfillPaused : audienceMessages.unreachable,
    failures,
    next_fetch_at: new Date(now.getTime() + wait).toISOString(),
  });
  return pending ? 'pending' : 'error';
}
