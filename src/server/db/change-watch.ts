// Which podcast's data changed, for kept answers (http/answer-cache.ts). The rule which podcast a
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
//   triggers; `PRAGMA data_version` says that it committed something, and then everything counts
//   as changed.
// Sessions count apart (`accessVersion`): no kept answer reads them, but the guard's remembered
// session-and-access rows do (db/change-memo.ts), and a login must not drop every kept answer.
// Decision 2026-11-27 (issue 25): the podcast reads spent their time on queries and JSON whose
// inputs had not changed since the last identical request.
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
]);

export type ChangeWatch = {
  /** The version of what podcast `podcastId`'s answers read; a different one means "changed". */
  version(podcastId: number): string;
  /** `version` with the sessions' count: what a session-and-access row is read from (null: no podcast). */
  accessVersion(podcastId: number | null): string;
  /** How many changes were seen so far, of any podcast: equal twice means nothing changed between. */
  sequence(): number;
};

/** The table counted apart, as the pseudo-podcast SESSIONS (never a row's id). */
const SESSIONS = -1;

/** The podcast a changed row (`row`: NEW or OLD) belongs to, as SQL; NULL counts for every podcast. */
export function podcastOf(table: string, columns: ReadonlySet<string>, row: 'NEW' | 'OLD', schema = 'main.') {
  if (table === 'podcasts') return `${row}.id`;
  if (columns.has('podcast_id')) return `${row}.podcast_id`;
  if (columns.has('experiment_id'))
    return `(SELECT podcast_id FROM ${schema}experiments WHERE id = ${row}.experiment_id)`;
  return 'NULL';
}

/** Starts watching: call once the migrations have run (the triggers are made for today's tables). */
export function watchChanges(sqlite: SQLite.Database): ChangeWatch {
  const podcasts = new Map<number, number>();
  let everything = 0;
  let total = 0;
  /** Changed inside a transaction still open at the time (null: every podcast). */
  const pending = new Set<number | null>();
  const count = (podcastId: number | null) => {
    total++;
    if (podcastId === null) everything++;
    else podcasts.set(podcastId, (podcasts.get(podcastId) ?? 0) + 1);
  };
  sqlite.function('kompass_changed', { deterministic: false }, (podcastId: unknown) => {
    const id = typeof podcastId === 'number' || typeof podcastId === 'bigint' ? Number(podcastId) : null;
    count(id);
    if (sqlite.inTransaction) pending.add(id);
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
    const of = (row: 'NEW' | 'OLD') =>
      table === 'sessions' ? String(SESSIONS) : podcastOf(table, columns, row);
    const calls = {
      INSERT: `kompass_changed(${of('NEW')})`,
      DELETE: `kompass_changed(${of('OLD')})`,
      UPDATE: `kompass_changed(${of('OLD')}), kompass_changed(${of('NEW')})`,
    };
    for (const [event, call] of Object.entries(calls)) {
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "changed_${table}_${event.toLowerCase()}" AFTER ${event} ON main."${table}" BEGIN SELECT ${call}; END`,
      );
    }
  }
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let others = dataVersion.get() as number;
  /** Counts what has become visible since the last look: ended transactions, other connections. */
  const catchUp = () => {
    if (pending.size > 0 && !sqlite.inTransaction) {
      for (const id of pending) count(id);
      pending.clear();
    }
    const seen = dataVersion.get() as number;
    if (seen !== others) {
      others = seen;
      count(null);
    }
  };
  return {
    version(podcastId) {
      catchUp();
      return `${everything}.${podcasts.get(podcastId) ?? 0}`;
    },
    accessVersion(podcastId) {
      catchUp();
      const podcast = podcastId === null ? '' : (podcasts.get(podcastId) ?? 0);
      return `${everything}.${podcasts.get(SESSIONS) ?? 0}.${podcast}`;
    },
    sequence() {
      catchUp();
      return total;
    },
  };
}
