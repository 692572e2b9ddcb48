// The query cache is saved once a second at most, in an idle moment, not at each of its events
// (src/client/query-client.ts; Entscheidung LIB-7): a screen's load makes hundreds of events, and
// dehydrating the whole cache at each was main-thread time after the first paint. What changed in
// the last second is still written when the page goes away, and a forgotten cache stays forgotten.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const KEY = 'kompass.query-cache';
let stored: Map<string, string>;
let writes: number;
let idle: (() => void)[];
let listeners: Map<string, () => void>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  stored = new Map();
  writes = 0;
  idle = [];
  listeners = new Map();
  const localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes++;
      stored.set(key, value);
    },
    removeItem: (key: string) => stored.delete(key),
  };
  vi.stubGlobal('window', { localStorage });
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.set(type, listener));
  vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: () => {} });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs the timers due and then the browser's idle callbacks. */
function later(ms: number) {
  vi.advanceTimersByTime(ms);
  for (const callback of idle.splice(0)) callback();
}

const saved = () =>
  JSON.parse(stored.get(KEY) ?? 'null')?.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey);

it('saves many changes once, a second later in an idle moment', async () => {
  const { persistCache } = await import('../../../src/client/query-client.ts');
  const client = new QueryClient();
  await persistCache(client);
  for (let i = 0; i < 100; i++) client.setQueryData(['list', i], [i]);
  expect(writes).toBe(0);
  vi.advanceTimersByTime(1_000);
  expect(writes).toBe(0); // waits for the idle moment
  later(0);
  expect(writes).toBe(1);
  expect(saved()).toHaveLength(100);
});

it('writes the last second at pagehide, and nothing after the cache was forgotten', async () => {
  const { forgetPersistedCache, persistCache } = await import('../../../src/client/query-client.ts');
  const client = new QueryClient();
  await persistCache(client);
  client.setQueryData(['account'], { id: 1 });
  listeners.get('pagehide')!();
  expect(saved()).toEqual([['account']]);

  client.setQueryData(['account'], { id: 2 });
  forgetPersistedCache();
  later(1_000);
  expect(stored.has(KEY)).toBe(false);
});
