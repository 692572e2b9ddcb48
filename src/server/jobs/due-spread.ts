// The daily jobs (the Feed-Check, the audience fetch) work from due times: each row carries when
// it is next due, indexed, and a run reads only the due rows, a bounded number of them, and works
// them off a few at a time. The time of day a row comes due is its own, from a hash of its id, so
// fifty thousand podcasts made or checked in the same minute are not all due again at the same
// minute the next day.
// Entscheidung JOBS-1: a run with nothing due is one indexed read.

const DAY = 86_400_000;

/**
 * Where in a window of `spanMs` the row `id` falls: Fibonacci hashing, so consecutive ids land
 * far apart and any run of ids covers the window evenly.
 */
export function spreadOffset(id: number, spanMs: number) {
  return Math.floor(((Math.imul(id, 0x9e3779b1) >>> 0) / 2 ** 32) * spanMs);
}

/**
 * The first instant after `after` (ms) at the row's own time of day: `startMs` after midnight UTC
 * plus its offset within `spanMs` (`startMs + spanMs` at most a day). Checked there every day, a
 * row stays at its time; checked off it (an import, a refresh, a retry), it returns to it.
 */
export function nextDailySlot(id: number, after: number, { startMs = 0, spanMs = DAY } = {}) {
  const midnight = Math.floor(after / DAY) * DAY;
  let next = midnight + startMs + spreadOffset(id, spanMs);
  while (next <= after) next += DAY;
  return next;
}

/**
 * Runs `work` on each item, at most `concurrency` at once, in the items' order. `work` handles its
 * own failures: a throw rejects the returned promise (the other workers still finish theirs).
 */
export async function eachBounded<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
