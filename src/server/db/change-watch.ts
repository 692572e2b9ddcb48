// Which podcast's data changed, for kept answers (pipeline/answer-cache.ts). The rule which podcast a
// changed row belongs to (`podcastOf`: by its `podcast_id`, through its experiment, or, for
// everything else such as methods, users and sets, "all podcasts") and the tables no answer reads
// (`UNWATCHED`) hold for both databases; PostgreSQL's triggers are migration 0023's.
//
// SQLite (`watchChanges`): every watched table gets temporary triggers on this process's
// connection (they live and die with it; the file and other programs never see them) that call
// back into JS. A podcast's version is the count of such calls, so an answer kept under a version
// is the answer to the data of that version. Two gaps are closed by the version itself:
// - A change inside a transaction is seen by the trigger before its commit, and the reader
//   connection (readSync) may read the old rows after it: so the podcasts changed inside a
//   transaction count once more when it has ended (`catchUp`, at the next version asked for).
// - Another connection to the file (the admin CLI, a second app in a test) runs none of these
//   triggers; `PRAGMA data_version`, asked at the start of each request (`look`), says that it
//   committed something, and then everything counts as changed.
// The guard's session-and-access rows (db/change-memo.ts) have counts of their own
// (`accessVersion`): of the sessions, which no kept answer reads, and of the changes that can touch
// such a row (`GUARDED`, and a thing a path names only when it goes or moves), so a comment or a
// ticked step does not make the next request read its session and access again.
// Entscheidung DB-2: an answer whose inputs have not changed is not made again.
import type SQLite from 'better-sqlite3';

/** Tables no cached answer reads (and that change with every request or job run), and the counts. */
export const UNWATCHED = new Set([
  'change_counts',
  'sessions',
  'throttles',
  'idempotency_keys',
  'mail_queue',
  'push_queue',
  'push_subscriptions',
  'leases',
  'audit_log',
  'secrets',
  'password_resets',
  'newsletter_signups',
  'feedback',
  'audience_uploads',
  'tip_schedule',
  'feed_check_schedule',
  'account_exports',
  'account_export_chunks',
]);

export type ChangeWatch = {
  /**
   * Looks whether another connection committed since the last look (then everything counts as
   * changed): once at the start of each request (app.ts), before any version is asked for. The
   * versions below count only this connection's changes.
   */
  look(): void;
  /** The version of what podcast `podcastId`'s answers read; a different one means "changed". */
  version(podcastId: number): string;
  /** The version of what a session-and-access row of podcast `podcastId` reads (null: the session's user alone). */
  accessVersion(podcastId: number | null): string;
  /** How many changes were seen so far, of any podcast: equal twice means nothing changed between. */
  sequence(): number;
};

/** The table counted apart, as the pseudo-podcast SESSIONS (never a row's id). */
const SESSIONS = -1;

/** Tables the guard's statement reads (access/kinds.ts): each change counts for it. */
const GUARDED = new Set([
  'sessions',
  'podcasts',
  'memberships',
  'contracts',
  'experiments',
  'users',
  'steady_accounts',
]);
/**
 * Things a path names (access/kinds.ts), by the column that ties them to their podcast: the guard
 * reads only that they exist and that tie, so only a delete or a changed tie counts for it.
 */
const NAMED_THINGS: Record<string, string> = {
  experiment_actions: 'experiment_id',
  comments: 'experiment_id',
  invitations: 'podcast_id',
  assistances: 'podcast_id',
};

/** Whether a change to `table` (`event`) counts for the guard's rows, as SQL. */
function guardCounts(table: string, event: 'INSERT' | 'DELETE' | 'UPDATE') {
  if (GUARDED.has(table)) return '1';
  const tie = NAMED_THINGS[table];
  if (!tie || event === 'INSERT') return '0';
  return event === 'DELETE' ? '1' : `OLD.${tie} IS NOT NEW.${tie}`;
}

/** The podcast a changed row (`row`: NEW or OLD) belongs to, as SQL; NULL counts for every podcast. */
export function podcastOf(table: string, columns: ReadonlySet<string>, row: 'NEW' | 'OLD', schema = 'main.') {
  const key = podcastKeyOf(table, columns, row);
  return key.endsWith('.experiment_id')
    ? `(SELECT podcast_id FROM ${schema}experiments WHERE id = ${key})`
    : key;
}

/**
 * The column of a changed row that `podcastOf` finds its podcast by, as SQL (NULL: none): while it
 * is unchanged by an UPDATE, so is the podcast (an experiment that moved counts by its own row).
 */
export function podcastKeyOf(table: string, columns: ReadonlySet<string>, row: 'NEW' | 'OLD') {
  if (table === 'podcasts') return `${row}.id`;
  if (columns.has('podcast_id')) return `${row}.podcast_id`;
  if (columns.has('experiment_id')) return `${row}.experiment_id`;
  return 'NULL';
}

/** Starts watching: call once the migrations have run (the triggers are made for today's tables). */
export function watchChanges(sqlite: SQLite.Database): ChangeWatch {
  /** Per podcast (null: everything): the changes, and those of them that count for the guard. */
  const counts = new Map<number | null, { all: number; guard: number }>();
  let total = 0;
  /** Changed inside a transaction still open at the time, and whether the guard's rows. */
  const pending = new Map<number | null, boolean>();
  const count = (podcastId: number | null, guard: boolean) => {
    total++;
    let entry = counts.get(podcastId);
    if (!entry) counts.set(podcastId, (entry = { all: 0, guard: 0 }));
    entry.all++;
    if (guard) entry.guard++;
  };
  const of = (podcastId: number | null) => counts.get(podcastId) ?? { all: 0, guard: 0 };
  sqlite.function('kompass_changed', { deterministic: false }, (podcastId: unknown, guard: unknown) => {
    const id = typeof podcastId === 'number' || typeof podcastId === 'bigint' ? Number(podcastId) : null;
    const forGuard = Boolean(guard);
    count(id, forGuard);
    if (sqlite.inTransaction) pending.set(id, forGuard || (pending.get(id) ?? false));
    return null;
  });
  const tables = sqlite
    .prepare(
      "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'",
    )
    .pluck()
    .all() as string[];
  for (const table of tables.filter((t) => !UNWATCHED.has(t) || t === 'sessions')) {
    const columns = new Set(
      (sqlite.prepare(`PRAGMA main.table_info("${table}")`).all() as { name: string }[]).map((c) => c.name),
    );
    const podcast = (row: 'NEW' | 'OLD') =>
      table === 'sessions' ? String(SESSIONS) : podcastOf(table, columns, row);
    const call = (row: 'NEW' | 'OLD', event: 'INSERT' | 'DELETE' | 'UPDATE') =>
      `kompass_changed(${podcast(row)}, ${guardCounts(table, event)})`;
    const calls = {
      INSERT: call('NEW', 'INSERT'),
      DELETE: call('OLD', 'DELETE'),
      UPDATE: `${call('OLD', 'UPDATE')}, ${call('NEW', 'UPDATE')}`,
    };
    for (const [event, call] of Object.entries(calls)) {
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "changed_${table}_${event.toLowerCase()}" AFTER ${event} ON main."${table}" BEGIN SELECT ${call}; END`,
      );
    }
  }
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let others = dataVersion.get() as number;
  /** Counts the changes of this connection's transactions that have ended since. */
  const catchUp = () => {
    if (pending.size > 0 && !sqlite.inTransaction) {
      for (const [id, guard] of pending) count(id, guard);
      pending.clear();
    }
  };
  return {
    // Entscheidung DB-3: the pragma is asked once per request. A commit by another connection
    // during a request counts at the next
    // request's look: that answer is then kept under a version the next look moves on from.
    look() {
      catchUp();
      const seen = dataVersion.get() as number;
      if (seen !== others) {
        others = seen;
        count(null, true);
      }
    },
    version(podcastId) {
      catchUp();
      return `${of(null).all}.${of(podcastId).all}`;
    },
    accessVersion(podcastId) {
      catchUp();
      const podcast = podcastId === null ? '' : of(podcastId).guard;
      return `${of(null).guard}.${of(SESSIONS).guard}.${podcast}`;
    },
    sequence() {
      catchUp();
      return total;
    },
  };
}
