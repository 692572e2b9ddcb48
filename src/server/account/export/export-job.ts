// Builds the archives too large to build in the request, in the background (jobs/job-queue.ts's
// worker loop): a pending export is claimed with a lease (one conditional update), so of several
// processes one builds it; a process that dies while building lets the lease run out and another
// builds it again from the start. When it is ready, the account gets a mail. Ready archives are
// deleted after KEEP_DAYS.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { queueWorker } from '../../jobs/job-queue.ts';
import { buildExport } from './build-export.ts';

export const LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
export const KEEP_DAYS = 7;

export type ExportJob = {
  /** Builds it soon, outside the caller's request (after its commit). */
  kick(): void;
  /** Builds everything pending now and waits (tests; `POST /api/test/jobs:run`). */
  runOnce(): Promise<boolean>;
  stop(): Promise<void>;
};

type Pending = { user_id: number; id: string; attempts: number };

/** Takes export `row` for LEASE_MS when it is still pending, unleased and unclaimed since read. */
async function claim({ db, clock }: Pick<AppContext, 'db' | 'clock'>, row: Pending, now: number) {
  const result = await db
    .updateTable('account_exports')
    .set({ locked_until: now + LEASE_MS, attempts: row.attempts + 1 })
    .where('user_id', '=', row.user_id)
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', row.attempts)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', clock.now().getTime())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Builds export `row` and marks it ready (or failed after its last attempt). */
export async function completeExport(ctx: AppContext, row: Pending, log: FastifyBaseLogger) {
  const { db, clock } = ctx;
  try {
    const bytes = await buildExport(ctx, row.user_id, row.id);
    const now = clock.now();
    const ready = await db
      .updateTable('account_exports')
      .set({
        status: 'ready',
        bytes,
        locked_until: null,
        ready_at: now.toISOString(),
        expires_at: new Date(now.getTime() + KEEP_DAYS * 86_400_000).toISOString(),
      })
      .where('user_id', '=', row.user_id)
      .where('id', '=', row.id)
      .returning('notify')
      .executeTakeFirst();
    if (ready?.notify) await ctx.mail.enqueue(db, { template: 'account-export-ready', userId: row.user_id });
    return true;
  } catch (error) {
    log.warn({ err: error, user: row.user_id }, 'account export failed');
    await db.deleteFrom('account_export_chunks').where('export_id', '=', row.id).execute();
    await db
      .updateTable('account_exports')
      .set(
        row.attempts + 1 >= MAX_ATTEMPTS ? { status: 'failed', locked_until: null } : { locked_until: null },
      )
      .where('user_id', '=', row.user_id)
      .where('id', '=', row.id)
      .execute();
    return false;
  }
}

export function startExportJob(ctx: AppContext, log: FastifyBaseLogger, intervalMs = 60_000): ExportJob {
  const { db, clock } = ctx;
  let stopping = false;

  async function tick() {
    const now = clock.now();
    const due = await db
      .selectFrom('account_exports')
      .select(['user_id', 'id', 'attempts'])
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now.getTime())]))
      .limit(5)
      .execute();
    for (const row of due) {
      if (stopping) return;
      if (await claim(ctx, row, now.getTime())) await completeExport(ctx, row, log);
    }
    // Archives past their days: the pieces go, the row stays (it says when the last one was asked for).
    const expired = await db
      .selectFrom('account_exports')
      .select('id')
      .where('status', '=', 'ready')
      .where('expires_at', '<=', now.toISOString())
      .limit(50)
      .execute();
    for (const { id } of expired) {
      await db.deleteFrom('account_export_chunks').where('export_id', '=', id).execute();
      await db.updateTable('account_exports').set({ status: 'expired' }).where('id', '=', id).execute();
    }
  }

  const worker = queueWorker('account export', tick, log, intervalMs, db.faults);
  return {
    kick: worker.kick,
    async runOnce() {
      await worker.drain();
      return true;
    },
    async stop() {
      stopping = true;
      await worker.stop();
    },
  };
}
