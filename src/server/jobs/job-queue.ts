// The worker loop of a queue table (mail_queue, push_queue): rows are claimed with a lease (one
// conditional update), so of several processes exactly one takes each row; a process that dies
// holding one lets the lease expire and another takes it again (at least once).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { FaultRecord } from '../db/faults.ts';
import { afterCommit } from '../db/transaction-scope.ts';

export type QueueTable = 'mail_queue' | 'push_queue';

/**
 * Takes the row `id` for `leaseMs` when it is still unsent, unleased (or its lease ran out) and
 * nobody claimed it since it was read (`attempts` unchanged). True when this process has it.
 */
export async function claimRow(
  db: Db,
  table: QueueTable,
  id: number,
  attempts: number,
  now: number,
  leaseMs: number,
) {
  // Both tables share these columns; kysely wants one table name to type the update.
  const result = await db
    .updateTable(table as 'mail_queue')
    .set({ locked_until: now + leaseMs, attempts: attempts + 1 })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type QueueWorker = {
  /** Looks for due rows soon, outside the caller's request. */
  kick(): void;
  /** Works off everything due now and waits for work already running (tests, shutdown). */
  drain(): Promise<void>;
  stop(): Promise<void>;
  /** Whether `stop` was called: a tick ends between rows. */
  readonly stopped: boolean;
};

/** Runs `tick` every `intervalMs` and on `kick`; errors are logged as `name`. */
export function queueWorker(
  name: string,
  tick: () => Promise<void>,
  log: FastifyBaseLogger,
  intervalMs: number,
  faults: FaultRecord,
): QueueWorker {
  const running = new Set<Promise<void>>();
  let stopped = false;

  function run() {
    const job = tick()
      // An outage of the database is logged once per episode; the next tick tries again.
      .catch((error: unknown) => {
        if (!faults.reportIfFault(log, error)) log.error({ err: error }, name);
      })
      .finally(() => running.delete(job));
    running.add(job);
    return job;
  }

  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();

  return {
    kick() {
      // Called in a request: after its transaction (db/request-transaction.ts), which holds the rows.
      afterCommit(() => {
        if (!stopped) setTimeout(() => void run(), 0).unref();
      });
    },
    async drain() {
      // A tick started elsewhere may hold a claimed row: wait until none is left running.
      do {
        await Promise.all(running);
        await run();
      } while (running.size > 0);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(running);
    },
    get stopped() {
      return stopped;
    },
  };
}
