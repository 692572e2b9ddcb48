// The Feed-Check as a service: run it on a parsed feed (at import and refresh) or fetch the feed
// first (the daily job), store a dated report, and read the newest one with what got fixed since
// the report before. A feed that cannot be read is itself a finding, so a check always stores.
import type { FastifyBaseLogger } from 'fastify';
import { checkTitles, type FeedCheck, type Finding } from '../../shared/feed-check.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { startPeriodicJob, type PeriodicJob } from '../jobs/lease.ts';
import { readFeed } from '../feeds/feed-import.ts';
import type { ParsedFeed } from '../feeds/parse-feed.ts';
import { readArtwork } from './artwork.ts';
import { checkFeed, type Artwork, type RawFinding } from './checks.ts';
import { rhythmFindings, rhythmOf } from './rhythm.ts';

export function evaluateFeed(feed: ParsedFeed, feedUrl: string, artwork: Artwork, now: Date) {
  const rhythm = rhythmOf(feed.facts.items, now);
  const findings = [...checkFeed(feed.facts, feedUrl, artwork), ...rhythmFindings(rhythm)];
  return { findings, rhythm };
}

type CheckContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

async function store(db: Db, podcastId: number, now: Date, report: ReturnType<typeof evaluateFeed>) {
  await db
    .insertInto('feed_checks')
    .values({
      podcast_id: podcastId,
      checked_at: now.toISOString(),
      findings: JSON.stringify(report.findings),
      rhythm: JSON.stringify(report.rhythm),
    })
    .execute();
}

/** Checks a feed just read (import, refresh); `artwork` when the cover was fetched anyway. */
export async function checkParsedFeed(
  ctx: CheckContext,
  podcastId: number,
  feedUrl: string,
  feed: ParsedFeed,
  artwork?: Artwork,
) {
  const now = ctx.clock.now();
  const cover = artwork ?? (await readArtwork(ctx.config.feeds, feed.facts.imageHref));
  await store(ctx.db, podcastId, now, evaluateFeed(feed, feedUrl, cover, now));
}

/** Fetches the feed and checks it; an unreadable feed is stored as the one finding. */
export async function checkPodcastFeed(ctx: CheckContext, podcastId: number, feedUrl: string) {
  let feed: ParsedFeed;
  try {
    feed = await readFeed(ctx.config.feeds, feedUrl);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const reason = Object.values(error.errors ?? {}).flat()[0] ?? error.message;
    const now = ctx.clock.now();
    const unreachable: RawFinding = {
      key: 'feed_unreadable',
      severity: 'error',
      message: `Der Feed ließ sich nicht lesen: ${reason} Apps, die ihn abonniert haben, bekommen keine neuen Folgen.`,
      practices: [2, 97],
    };
    const rhythm = rhythmOf([], now);
    await store(ctx.db, podcastId, now, { findings: [unreachable], rhythm });
    return;
  }
  await checkParsedFeed(ctx, podcastId, feedUrl, feed);
}

/**
 * The newest report with the methods' titles; `resolved` are the keys of the report before that
 * this one no longer has. Basic sees the findings; the methods that address them are Pro's
 * (decision 2026-11-26: the issue's 'Pro also the methods', like the ranked method list).
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

const DAY = 86_400_000;

/** Podcasts per run of the daily job: the job runs hourly, so a few hundred feeds a day a process. */
const BATCH = 20;

/**
 * Once a day per podcast with a feed, in whichever process holds the lease: the podcasts whose
 * newest report is older than a day (or that have none), oldest first.
 */
export function startFeedCheckJob(
  ctx: CheckContext,
  log: FastifyBaseLogger,
  intervalMs: number,
): PeriodicJob {
  return startPeriodicJob(ctx, log, 'feed-checks', intervalMs, async () => {
    const dayAgo = new Date(ctx.clock.now().getTime() - DAY).toISOString();
    const due = await ctx.db
      .selectFrom('podcasts as p')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('feed_checks')
            .select((e) => ['podcast_id', e.fn.max('checked_at').as('last')])
            .groupBy('podcast_id')
            .as('c'),
        (join) => join.onRef('c.podcast_id', '=', 'p.id'),
      )
      .select(['p.id', 'p.rss_uri', 'c.last'])
      .where('p.rss_uri', 'is not', null)
      .where((eb) => eb.or([eb('c.last', 'is', null), eb('c.last', '<', dayAgo)]))
      .orderBy('c.last')
      .limit(BATCH)
      .execute();
    for (const podcast of due) {
      try {
        await checkPodcastFeed(ctx, podcast.id, podcast.rss_uri!);
      } catch (error) {
        log.warn({ err: error, podcastId: podcast.id }, 'feed check failed');
      }
    }
  });
}
