// What a request's session read found (the session's user, with the podcast guard's access row on a
// podcast's route), reused by the next request of the same session while nothing it was read from
// changed and its time has not run out. "Changed" is told by the change counts: of everything that
// is not a podcast's (users, subscriptions), of the podcast the row is of, and of the sessions (or
// the session's row itself). "Its time" is what the statement compared with the clock: the
// session's expiry and a cancelled subscription's end.
// - SQLite (`watchedVersions`): the change watch counts in this process (change-watch.ts; a commit
//   by another connection counts as everything), so a kept read costs no statement at all.
// - PostgreSQL (access/guard.ts): the guard's statement reads the podcast's counts with its row;
//   on a read, a kept row is checked by a small statement (the session still there, the same
//   counts) instead of the guard's joins over nine tables. Writes (every one changes its podcast's
//   counts) and the plain session read keep nothing there (pipeline/access-hook.ts).
// Entscheidung DB-1: a kept row holds while the change counts say so, which see other processes.
import type { ChangeWatch } from './change-watch.ts';

/** What a read found: the value, the podcast it is of (null: none), and until when it holds (ms). */
export type Loaded<T> = { value: T; podcastId: number | null; until: number; version?: string };

/** Where the versions come from. */
export type MemoVersions = {
  /** The version of what a session's value of `podcastId` read, now; undefined: read again. */
  current(sessionId: string, podcastId: number | null): string | undefined | Promise<string | undefined>;
  /** The version `loaded` (just read by `load`) holds under; undefined: keep nothing. */
  read<L extends Loaded<unknown>>(
    load: () => Promise<L | undefined>,
  ): Promise<[L | undefined, string | undefined]>;
};

type Kept<T> = { value: T; podcastId: number | null; until: number; version: string; from: number };

/** How many reads are kept; beyond it the oldest goes first. */
const SIZE = 4096;

export type ChangeMemo<T> = (
  sessionId: string,
  thing: string,
  now: Date,
  load: () => Promise<Loaded<T> | undefined>,
) => Promise<T | undefined>;

/** SQLite's versions: the change watch's, taken around a read that nothing changed meanwhile. */
export const watchedVersions = (changes: ChangeWatch): MemoVersions => ({
  current: (_sessionId, podcastId) => changes.accessVersion(podcastId),
  async read(load) {
    const before = changes.sequence();
    const loaded = await load();
    const unchanged = loaded && changes.sequence() === before;
    return [loaded, unchanged ? changes.accessVersion(loaded.podcastId) : undefined];
  },
});

/**
 * SQLite's versions of a read whose inputs no single podcast's count covers (the selected podcast:
 * the caller's other memberships and the stored choice decide which one it is): the count of all
 * changes, so it is kept while nothing at all changed.
 */
export const unchangedVersions = (changes: ChangeWatch): MemoVersions => ({
  current: () => String(changes.sequence()),
  async read(load) {
    const before = changes.sequence();
    const loaded = await load();
    return [loaded, loaded && changes.sequence() === before ? String(before) : undefined];
  },
});

/** `memo(sessionId, thing, now, load)`: the value kept for both if it still holds, else `load`'s. */
export function changeMemo<T>(versions: MemoVersions | undefined): ChangeMemo<T> {
  if (!versions) return async (_sessionId, _thing, _now, load) => (await load())?.value;
  const kept = new Map<string, Kept<T>>();
  return async (sessionId, thing, now, load) => {
    const key = `${sessionId}\n${thing}`;
    const at = now.getTime();
    const held = kept.get(key);
    // A clock set back (the journeys' test clock) reads again, as does one past the row's time.
    if (held && at >= held.from && at < held.until) {
      if (held.version === (await versions.current(sessionId, held.podcastId))) return held.value;
    }
    const [loaded, version] = await versions.read(load);
    kept.delete(key);
    if (loaded && version !== undefined && at < loaded.until) {
      if (kept.size >= SIZE) kept.delete(kept.keys().next().value!);
      kept.set(key, {
        value: loaded.value,
        podcastId: loaded.podcastId,
        until: loaded.until,
        version,
        from: at,
      });
    }
    return loaded?.value;
  };
}

/** The earliest of the given times (ISO strings or dates; none: never), in ms; one unreadable: now. */
export function earliest(...times: unknown[]) {
  let until = Infinity;
  for (const time of times) {
    if (time === null || time === undefined) continue;
    const ms = new Date(time as string | Date).getTime();
    until = Number.isNaN(ms) ? -Infinity : Math.min(until, ms);
  }
  return until;
}
