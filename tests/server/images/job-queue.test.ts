// The queue that bounds how many images are decoded at once.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/server/http/errors.ts';
import { createJobQueue } from '../../../src/server/images/job-queue.ts';

const BUSY = 'Gerade werden sehr viele Bilder verarbeitet. Bitte versuche es gleich noch einmal.';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createJobQueue', () => {
  it('runs at most two jobs at once and starts the waiting ones in order', async () => {
    const queue = createJobQueue(2, 10, BUSY);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const done = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 3]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    // A failing job frees its place as well.
    gates[0]!.reject(new Error('kaputt'));
    await expect(done[0]).rejects.toThrow('kaputt');
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(done.slice(1))).toEqual([1, 2, 3, 4]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a job with 503 when too many already wait', async () => {
    const queue = createJobQueue(1, 1, BUSY);
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => 'zweiter');
    const third = queue.run(async () => 'dritter');
    const refused = await third.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: BUSY, headers: { 'retry-after': '5' } });
    gate.resolve();
    await first;
    expect(await second).toBe('zweiter');
  });
});
