// A small in-process queue: at most `concurrency` jobs run at once, later ones wait their turn
// (first come, first served). Decoding images is what needs it: each decode holds tens of MB
// outside the JS heap, so running them side by side without a bound exhausts memory.
import { HttpError } from '../http/errors.ts';

export type JobQueue = {
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

/** When `maxWaiting` jobs already wait, the next is refused with `busy` (503, Retry-After). */
export function createJobQueue(concurrency: number, maxWaiting: number, busy: string): JobQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function acquire() {
    if (running < concurrency) {
      running++;
      return;
    }
    if (waiting.length >= maxWaiting) throw new HttpError(503, busy, undefined, { 'retry-after': '5' });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release() {
    const next = waiting.shift();
    // The slot passes straight to the next job, so `running` stays the same.
    if (next) next();
    else running--;
  }

  return {
    async run(job) {
      await acquire();
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
