// The Feed-Check as a service: run it on a parsed feed (at import and refresh) or fetch the feed
// first (the daily job), store a dated report, and read the newest one with what got fixed since
// the report before. A feed that cannot be read is itself a finding, so a check always stores.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { startPeriodicJob, type PeriodicJob } from '../jobs/lease.ts';
import { readFeed } from '../feeds/feed-import.ts';
import type { ParsedFeed } from '../feeds/parse-feed.ts';
import { readArtwork, type Artwork } from '../feeds/artwork.ts';
import { storeFeedCheck } from './feed-check-queries.ts';
import { takeDueChecks } from './feed-check-schedule.ts';
import { eachBounded } from '../jobs/due-spread.ts';
import { checkFeed } from './checks.ts';
import type { RawFinding } from './finding.ts';
import { rhythmFindings, rhythmOf } from './rhythm.ts';

export function evaluateFeed(feed: ParsedFeed, feedUrl: string, artwork: Artwork, now: Date) {
  const rhythm = rhythmOf(feed.facts.items, now);
  const findings = [...checkFeed(feed.facts, feedUrl, artwork), ...rhythmFindings(rhythm)];
  return { findings, rhythm };
}

type CheckContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

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
  await storeFeedCheck(ctx.db, podcastId, now, evaluateFeed(feed, feedUrl, cover, now));
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
    await storeFeedCheck(ctx.db, podcastId, now, { findings: [unreachable], rhythm });
    return;
  }
  await checkParsedFeed(ctx, podcastId, feedUrl, feed);
}

/** How the daily job works: rows one run takes at most, and feeds read at once. */
export type FeedCheckRun = { perRun: number; concurrency: number };
/** With the job every few minutes, a few tens of thousands of feeds a day, four at a time. */
const RUN: FeedCheckRun = { perRun: 200, concurrency: 4 };

/**
 * Once a day per podcast with a feed, in whichever process holds the lease: the podcasts whose
 * check is due (feed-check-schedule.ts), earliest first, at most `perRun`, `concurrency` at a
 * time. `afterCheck` runs after each podcast's check: app.ts passes the Kompass-KI's evaluation,
 * which reads the new report (the engine sits above the Feed-Check, which so names no code of it).
 */
export function startFeedCheckJob(
  ctx: CheckContext,
  log: FastifyBaseLogger,
  intervalMs: number,
  afterCheck: (podcastId: number) => Promise<unknown>,
  run: FeedCheckRun = RUN,
): PeriodicJob {
  return startPeriodicJob(ctx, log, 'feed-checks', intervalMs, async () => {
    const due = await takeDueChecks(ctx.db, ctx.clock.now(), run.perRun);
    await eachBounded(due, run.concurrency, async (podcast) => {
      try {
        await checkPodcastFeed(ctx, podcast.id, podcast.rss_uri);
        // The engine and Kompass-KI read the new report (a request's write does this after its answer).
        await afterCheck(podcast.id);
      } catch (error) {
        // The row stays taken until its claim runs out: then it is due again.
        log.warn({ err: error, podcastId: podcast.id }, 'feed check failed');
      }
    });
  });
}
