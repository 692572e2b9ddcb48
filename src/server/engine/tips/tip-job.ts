// The tips a write may cause are evaluated by a debounced job per podcast, never in the request:
// the write only notes the podcast; `delayMs` later one evaluation covers every write to it
// since (a step ticked ten times in a second is evaluated once). An evaluation running while new
// writes come in is followed by one more (Entscheidung TIPS-1: never in the request).
//
// Once per cause still holds: each tip is an insert that does nothing when the podcast has that
// cause already (unique index), whichever process or sweep gets there first. A process that dies
// with evaluations pending loses nothing but time: the periodic sweep (lease 'tip-sweep') evaluates
// every podcast again; a process that stops runs what it still owes first.
import type { FastifyBaseLogger } from 'fastify';
import { isForeignKeyViolation } from '../../db/database.ts';
import { afterCommit } from '../../db/transaction-scope.ts';

export type TipJob = {
  /** Asks for the podcast's evaluation soon (after `delayMs`, or after the one running now). */
  schedule(podcastId: number): void;
  /** Runs what is pending now and waits until nothing is running (tests, the test hook, shutdown). */
  drain(): Promise<void>;
};

export function tipJob(
  evaluate: (podcastId: number) => Promise<unknown>,
  log: FastifyBaseLogger,
  delayMs: number,
): TipJob {
  const pending = new Map<number, NodeJS.Timeout>();
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();

  function run(podcastId: number) {
    clearTimeout(pending.get(podcastId));
    pending.delete(podcastId);
    const job = evaluate(podcastId)
      .then(
        () => undefined,
        (error: unknown) =>
          // The podcast was deleted after the write that asked for it: nothing is left to advise
          // (its state rows refer to it). Not a failure; the stress runs' logs showed it as one.
          isForeignKeyViolation(error)
            ? log.debug({ podcastId }, 'tip evaluation skipped: the podcast is gone')
            : log.warn({ err: error, podcastId }, 'tip evaluation failed'),
      )
      .finally(() => {
        running.delete(podcastId);
        if (again.delete(podcastId)) schedule(podcastId);
      });
    running.set(podcastId, job);
  }

  function schedule(podcastId: number) {
    if (pending.has(podcastId)) return;
    // A write during the evaluation may change what it read: one more run after it.
    if (running.has(podcastId)) return void again.add(podcastId);
    // Asked in a write's request: once its transaction has ended too (db/request-transaction.ts).
    const timer = setTimeout(() => afterCommit(() => run(podcastId)), delayMs);
    timer.unref();
    pending.set(podcastId, timer);
  }

  return {
    schedule,
    async drain() {
      while (pending.size > 0 || running.size > 0) {
        for (const podcastId of [...pending.keys()]) run(podcastId);
        await Promise.all(running.values());
      }
    },
  };
}
