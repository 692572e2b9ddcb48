// After the first paint the app's deferred work runs one piece per idle moment (src/client/lib/idle.ts;
// Entscheidung LIB-7): in order, each after the one before has finished, and in WebKit, which has no
// requestIdleCallback, after a short timeout.
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('runs the pieces one after the other, each once the one before has finished (no requestIdleCallback: a timeout)', async () => {
  vi.useFakeTimers();
  vi.resetModules();
  vi.stubGlobal('requestIdleCallback', undefined);
  const { idleQueue } = await import('../../../src/client/lib/idle.ts');
  const ran: string[] = [];
  let finishFirst!: () => void;
  const first = idleQueue(() => {
    ran.push('first started');
    return new Promise<void>((resolve) => (finishFirst = resolve));
  });
  const second = idleQueue(() => ran.push('second'));
  const failing = idleQueue(() => {
    throw new Error('kaputt');
  });
  const third = idleQueue(() => ran.push('third'));

  expect(ran).toEqual([]);
  await vi.advanceTimersByTimeAsync(50);
  expect(ran).toEqual(['first started']);
  await vi.advanceTimersByTimeAsync(500);
  expect(ran).toEqual(['first started']); // the second waits for the first to finish
  finishFirst();
  await first;
  await vi.advanceTimersByTimeAsync(50);
  expect(ran).toEqual(['first started', 'second']);
  await second;
  await vi.advanceTimersByTimeAsync(100);
  await expect(failing).rejects.toThrow('kaputt'); // fails its caller, not the queue
  await third;
  expect(ran).toEqual(['first started', 'second', 'third']);
});

it('waits for requestIdleCallback where there is one, with a timeout', async () => {
  vi.resetModules();
  const asked: { timeout?: number }[] = [];
  let idle!: () => void;
  vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout?: number }) => {
    asked.push(options);
    idle = callback;
  });
  const { idleQueue } = await import('../../../src/client/lib/idle.ts');
  const done = idleQueue(() => 'ran');
  await vi.waitFor(() => expect(asked).toHaveLength(1));
  expect(asked[0]!.timeout).toBeGreaterThan(0);
  idle();
  await expect(done).resolves.toBe('ran');
});
