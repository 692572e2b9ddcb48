// The daily fetch of every connected source, and the fetches a request starts (connect, refresh).
// The periodic job runs in whichever process holds its lease (jobs/lease.ts) and fetches the due
// sources (`next_fetch_at` ≤ now, the index audience_sources_due), oldest due first, a bounded
// number of them, a few at a time; each source is due at its own time of the day's window
// (fetch-source.ts), so a run's work follows what is due. Every fetch, whoever starts it, first
// takes the source's own lease (fetch-source.ts), so a source is fetched by one process at a time
// even when a refresh in one process meets the job in another; within a process a second ask for
// a running fetch joins it (Entscheidung JOBS-1).
//
// Entscheidung AUD-1: every fetch runs in the job's own async context, made when the job starts
// (outside any request), whoever asks for it — the daily run, a connect's backfill, a refresh that
// awaits it. A request's transaction (db/request-transaction.ts, an AsyncLocalStorage) therefore
// never reaches a fetch: each page's days and cursor commit in their own short transaction.
import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicJob, type PeriodicJob } from '../jobs/lease.ts';
import { afterCommit } from '../db/transaction-scope.ts';
import { eachBounded } from '../jobs/due-spread.ts';
import { fetchSource, type FetchContext, type FetchOutcome } from './fetch-source.ts';

/** Sources one run fetches at most (the rest wait for the next run), and how many at once. */
export type AudienceRun = { perRun: number; concurrency: number };
const RUN: AudienceRun = { perRun: 200, concurrency: 4 };

export type AudienceJob = PeriodicJob & {
  /** Fetches the source now (also when not due); a fetch of it already running here is joined. */
  fetchNow(sourceId: number): Promise<FetchOutcome>;
  /** Starts fetchNow without waiting (a new source's backfill); a failure is logged. */
  background(sourceId: number): void;
  /** Whether this process is fetching the source right now. */
  running(sourceId: number): boolean;
  /** Resolves when no fetch of this process runs (tests; shutdown). */
  idle(): Promise<void>;
};

export function startAudienceJob(
  ctx: FetchContext,
  log: FastifyBaseLogger,
  limits: AudienceRun = RUN,
): AudienceJob {
  // This process's name on the sources' leases (one per app, so two apps in a test are two holders).
  const holder = randomUUID();
  const controller = new AbortController();
  const runs = new Map<number, Promise<FetchOutcome>>();
  /** The job's async context, outside any request (see above). */
  const outside = new AsyncResource('audience-fetch');

  const fetch = (sourceId: number, force: boolean) => {
    const running = runs.get(sourceId);
    if (running) return running;
    const run = outside
      .runInAsyncScope(() => fetchSource(ctx, sourceId, { holder, force, signal: controller.signal }))
      .then((outcome) => {
        // One line per fetch for the operator (never the token: it is not in reach here).
        if (outcome !== 'busy') log.info({ sourceId, outcome }, 'audience source fetched');
        return outcome;
      })
      .catch((error: unknown) => {
        if (!ctx.db.faults.reportIfFault(log, error))
          log.warn({ err: error, sourceId }, 'audience fetch failed');
        return 'error' as const;
      })
      .finally(() => runs.delete(sourceId));
    runs.set(sourceId, run);
    return run;
  };

  const job = startPeriodicJob(ctx, log, 'audience-fetch', ctx.config.op3.fetchIntervalMs, async () => {
    const due = await ctx.db
      .selectFrom('audience_sources')
      .select('id')
      .where('next_fetch_at', '<=', ctx.clock.now().toISOString())
      .orderBy('next_fetch_at')
      .limit(limits.perRun)
      .execute();
    await eachBounded(due, limits.concurrency, async ({ id }) => {
      if (!controller.signal.aborted) await fetch(id, false);
    });
  });

  const idle = async () => {
    while (runs.size > 0) await Promise.all(runs.values());
  };

  return {
    runOnce: job.runOnce,
    fetchNow: (sourceId) => fetch(sourceId, true),
    // After the request's transaction, which holds the new source (db/request-transaction.ts).
    background: (sourceId) => afterCommit(() => void fetch(sourceId, true)),
    running: (sourceId) => runs.has(sourceId),
    idle,
    async stop() {
      controller.abort();
      await job.stop();
      await idle();
    },
  };
}
