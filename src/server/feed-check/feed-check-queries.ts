// The Feed-Check's reports in the database: store one, read the newest with what got fixed.
import { checkTitles, type FeedCheck, type Finding, type Rhythm } from '../../shared/feed-check.ts';
import { withTx, type Db } from '../db/database.ts';
import type { RawFinding } from './finding.ts';
import { scheduleNextCheck } from './feed-check-schedule.ts';

/** Stores a report, dated `now`, and when the feed is due for its next check. */
export async function storeFeedCheck(
  db: Db,
  podcastId: number,
  now: Date,
  report: { findings: RawFinding[]; rhythm: Rhythm },
) {
  // One commit: a report never stands without its podcast's next due time.
  await withTx(db, async (tx) => {
    await tx
      .insertInto('feed_checks')
      .values({
        podcast_id: podcastId,
        checked_at: now.toISOString(),
        findings: JSON.stringify(report.findings),
        rhythm: JSON.stringify(report.rhythm),
      })
      .execute();
    await scheduleNextCheck(tx, podcastId, now);
  });
}

/**
 * The newest report with the methods' titles; `resolved` are the keys of the report before that
 * this one no longer has. Basic sees the findings; the methods that address them are Pro's
 * (Entscheidung FC-1).
 */
export async function loadFeedCheck(db: Db, podcastId: number, pro: boolean): Promise<FeedCheck | null> {
  const [latest, before] = await db
    .selectFrom('feed_checks')
    .select(['checked_at', 'findings', 'rhythm'])
    .where('podcast_id', '=', podcastId)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  if (!latest) return null;
  const raw = JSON.parse(latest.findings) as RawFinding[];
  const ids = pro ? [...new Set(raw.flatMap((f) => f.practices))] : [];
  const titles = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('practices').select(['id', 'title']).where('id', 'in', ids).execute()).map(
          (p) => [p.id, p.title] as const,
        ),
  );
  const findings: Finding[] = raw.map((f) => ({
    key: f.key,
    severity: f.severity,
    title: checkTitles[f.key] ?? f.key,
    message: f.message,
    practices: f.practices.flatMap((id) => (titles.has(id) ? [{ id, title: titles.get(id)! }] : [])),
  }));
  const now = new Set(raw.map((f) => f.key));
  const resolved = before
    ? (JSON.parse(before.findings) as RawFinding[]).map((f) => f.key).filter((key) => !now.has(key))
    : [];
  return { checked_at: latest.checked_at, findings, resolved, rhythm: JSON.parse(latest.rhythm) };
}

/** Keys of a podcast's newest report (the engine raises the methods that address them). */
export async function currentFindings(db: Db, podcastId: number): Promise<RawFinding[]> {
  const row = await db
    .selectFrom('feed_checks')
    .select('findings')
    .where('podcast_id', '=', podcastId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (JSON.parse(row.findings) as RawFinding[]) : [];
}
