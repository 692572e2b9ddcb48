// Periodic jobs that must run in one process at a time (the tip sweep, the subscription re-check):
// a job runs only while its process holds the job's row in `leases`. Taking it is one atomic
// upsert that succeeds only when the row is free, expired or already ours, so two processes that
// tick at the same moment cannot both win.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';

/** What a lease needs of the app's context (context.ts sits above jobs/). */
type LeaseContext = { db: Database; clock: Clock };

/** This process's name in the lease table. */
const HOLDER: string = randomUUID();

/**
 * Takes (or renews) the lease on `name` for `ms`; true when this process now holds it.
 * `holder` is for tests that play several processes in one.
 */
export async function takeLease(
  { db, clock }: LeaseContext,
  name: string,
  ms: number,
  holder = HOLDER,
): Promise<boolean> {
  const now = clock.now().getTime();
  const row = await db
    .insertInto('leases')
    .values({ name, holder, until: now + ms })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, until: now + ms })
        .where((eb) => eb.or([eb('leases.until', '<=', now), eb('leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease back early (shutdown), so another process need not wait for it to expire. */
export async function releaseLease({ db }: Pick<LeaseContext, 'db'>, name: string, holder = HOLDER) {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

export type PeriodicJob = {
  /** Runs the job now if the lease is ours (tests, and right after start). */
  runOnce(): Promise<boolean>;
  stop(): Promise<void>;
};

/**
 * Runs `job` every `intervalMs` in whichever process holds the lease `name`. The lease lasts a
 * few intervals, so a process that dies hands the job over after that time. Errors are logged,
 * never thrown into the timer.
 */
export function startPeriodicJob(
  ctx: LeaseContext,
  log: FastifyBaseLogger,
  name: string,
  intervalMs: number,
  job: () => Promise<void>,
): PeriodicJob {
  let running: Promise<boolean> | undefined;
  const runOnce = () =>
    (running ??= (async () => {
      try {
        if (!(await takeLease(ctx, name, intervalMs * 3))) return false;
        await job();
        return true;
      } catch (error) {
        if (!ctx.db.faults.reportIfFault(log, error))
          log.warn({ err: error, job: name }, 'periodic job failed');
        return false;
      } finally {
        running = undefined;
      }
    })());
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
      await releaseLease(ctx, name).catch(() => {});
    },
  };
}
