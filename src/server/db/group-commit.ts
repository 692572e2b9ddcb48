// SQLite's synchronous write transactions (database.ts writeSync), committed in groups: the writes
// asked for within one turn of the event loop run one after another, each in a savepoint of its
// own, inside one transaction with one commit. Each write is still all or nothing (its savepoint
// is rolled back when it throws, and only its caller sees the error), sees the writes before it,
// and its caller hears of it only after the commit. The transaction never spans an await: it
// begins, runs every queued write and commits in one synchronous call.
// Entscheidung DB-6: a group shares one commit. What a commit
// failure or a fault that ends the transaction (disk full, I/O, another process's lock) does:
// every write of the group fails with it, as each would have alone (db/faults.ts answers 503).
import type SQLite from 'better-sqlite3';

type Queued = { work: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * `write(work)` queues `work` for the next group; `hold` takes the connection from the process's
 * other users (Kysely's queries and transactions) for as long as the group runs.
 */
export function groupCommit(sqlite: SQLite.Database, hold: (run: () => void) => Promise<void>) {
  const begin = sqlite.prepare('BEGIN');
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  const savepoint = sqlite.prepare('SAVEPOINT one_write');
  const release = sqlite.prepare('RELEASE one_write');
  const rollbackTo = sqlite.prepare('ROLLBACK TO one_write');
  let queue: Queued[] = [];

  function runGroup(group: Queued[]): Outcome[] {
    begin.run();
    const outcomes: Outcome[] = [];
    try {
      for (const { work } of group) {
        savepoint.run();
        try {
          outcomes.push({ ok: true, value: work() });
          release.run();
        } catch (error) {
          // A fault can end the whole transaction (SQLITE_FULL, SQLITE_IOERR): then the group fails.
          if (!sqlite.inTransaction) throw error;
          rollbackTo.run();
          release.run();
          outcomes.push({ ok: false, error });
        }
      }
      commit.run();
      return outcomes;
    } catch (error) {
      if (sqlite.inTransaction) rollback.run();
      return group.map(() => ({ ok: false, error }));
    }
  }

  function flush() {
    const group = queue;
    queue = [];
    hold(() => {
      runGroup(group).forEach((outcome, i) =>
        outcome.ok ? group[i]!.resolve(outcome.value) : group[i]!.reject(outcome.error),
      );
    }).catch((error: unknown) => group.forEach((queued) => queued.reject(error)));
  }

  return <T>(work: () => T) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
}
