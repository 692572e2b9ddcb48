// Mail outside the request: routes put a job into the `mail_queue` table (in their own
// transaction), a worker renders and sends it. Each row is claimed with a lease (one conditional
// update), so several processes send each mail once; a failed send is retried with backoff.
// Delivery is at least once: a process that dies between sending and marking it sent leaves the
// lease to expire, and the mail goes out again.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database, Db } from '../db/database.ts';
import { claimRow, queueWorker } from '../jobs/job-queue.ts';
import type { MailJob, MailRenderers, MailTemplate } from './mail-jobs.ts';
import type { Mailer } from './mailer.ts';

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

export type MailQueue = {
  /** Queues a mail job; pass the route's transaction so it is queued only if the change commits. */
  enqueue(db: Db, job: MailJob): Promise<void>;
  /** Sends everything due now and waits for sends already running (tests, shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * `renderers`: one per template, from the domains that own the mails (src/server/mail/mail-jobs.ts);
 * each gets `ctx`.
 */
export function createMailQueue<Context extends { db: Database; clock: Clock; mailer: Mailer }>(
  ctx: Context,
  renderers: MailRenderers<Context>,
  log: FastifyBaseLogger,
  intervalMs = 2_000,
): MailQueue {
  const { db, clock } = ctx;
  async function deliver(row: { id: number; template: string; payload: string; attempts: number }) {
    try {
      const render = renderers[row.template as MailTemplate] as
        ((ctx: Context, payload: unknown) => ReturnType<MailRenderers<Context>[MailTemplate]>) | undefined;
      if (!render) throw new Error(`no renderer for the mail template ${row.template}`);
      const mail = await render(ctx, JSON.parse(row.payload));
      if (mail) await ctx.mailer.send(mail);
      await db
        .updateTable('mail_queue')
        .set({ sent_at: clock.now().toISOString(), locked_until: null, last_error: null })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      log.warn({ err: error, mail: row.id, attempts }, failed ? 'mail given up' : 'mail will be retried');
      await db
        .updateTable('mail_queue')
        .set({
          locked_until: null,
          last_error: String(error).slice(0, 500),
          run_at: clock.now().getTime() + backoffMs(attempts),
          ...(failed && { failed_at: clock.now().toISOString() }),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }

  async function tick() {
    const now = clock.now().getTime();
    const due = await db
      .selectFrom('mail_queue')
      .select(['id', 'template', 'payload', 'attempts'])
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .orderBy('id')
      .limit(20)
      .execute();
    for (const row of due) {
      if (worker.stopped) return;
      if (await claimRow(db, 'mail_queue', row.id, row.attempts, clock.now().getTime(), LEASE_MS))
        await deliver(row);
    }
  }

  const worker = queueWorker('mail queue', tick, log, intervalMs, db.faults);

  return {
    async enqueue(tx, job) {
      const { template, ...payload } = job;
      const now = clock.now();
      await tx
        .insertInto('mail_queue')
        .values({
          template,
          payload: JSON.stringify(payload),
          created_at: now.toISOString(),
          run_at: now.getTime(),
        })
        .execute();
      // Soon, outside this request; a job of an uncommitted transaction waits for the next tick.
      worker.kick();
    },
    drain: worker.drain,
    stop: worker.stop,
  };
}
