// SQLite's units of work (database.ts `write`), committed in groups: the works asked for within one
// turn of the event loop run one after another, each in a savepoint of its own, inside one
// transaction with one commit. Each work is still all or nothing (its savepoint is rolled back when
// it throws, and only its caller sees the error), sees the works before it, and its caller hears of
// it only after the commit. The driver is synchronous, so a work that awaits nothing but its `tx`
// settles in microtasks: the group begins, runs every work and commits within one turn. A work
// still pending when the turn ends (it awaited something else) fails, its savepoint rolled back,
// and its `tx` refuses any later statement (sqlite-unit.ts).
// Entscheidung DB-6: a group shares one commit. What a commit failure or a fault that ends the
// transaction (disk full, I/O, another process's lock) does: every work of the group fails with
// it, as each would have alone (db/faults.ts answers 503).
import type SQLite from 'better-sqlite3';
import type { Db } from './database.ts';
import type { SqliteUnit } from './sqlite-unit.ts';

type Work = (tx: Db) => Promise<unknown>;
type Queued = { work: Work; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const turnEnded = Symbol('turn ended');
const nextTurn = () => new Promise<typeof turnEnded>((resolve) => setImmediate(resolve, turnEnded));

/**
 * `write(work)` queues `work` for the next group; `hold` takes the connection from the process's
 * other users (Kysely's queries and transactions) for as long as the group runs.
 */
export function groupCommit(
  sqlite: SQLite.Database,
  unit: SqliteUnit,
  hold: (run: () => Promise<void>) => Promise<void>,
) {
  const begin = sqlite.prepare('BEGIN');
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  const savepoint = sqlite.prepare('SAVEPOINT one_write');
  const release = sqlite.prepare('RELEASE one_write');
  const rollbackTo = sqlite.prepare('ROLLBACK TO one_write');
  let queue: Queued[] = [];

  /** `work`'s value; refused when the turn ended first (`turn.ended` then begins a new one). */
  async function runOne(work: Work, turn: { ended: Promise<typeof turnEnded> }): Promise<unknown> {
    const value = await Promise.race([work(unit.tx), turn.ended]);
    if (value === turnEnded) {
      unit.open = false;
      turn.ended = nextTurn();
      throw new Error('A unit of work awaited something other than its database (db/group-commit.ts)');
    }
    return value;
  }

  async function runGroup(group: Queued[]): Promise<Outcome[]> {
    begin.run();
    const turn = { ended: nextTurn() };
    const outcomes: Outcome[] = [];
    try {
      for (const { work } of group) {
        savepoint.run();
        unit.open = true;
        try {
          outcomes.push({ ok: true, value: await runOne(work, turn) });
          release.run();
        } catch (error) {
          // A fault can end the whole transaction (SQLITE_FULL, SQLITE_IOERR): then the group fails.
          if (!sqlite.inTransaction) throw error;
          rollbackTo.run();
          release.run();
          outcomes.push({ ok: false, error });
        }
      }
      unit.open = false;
      commit.run();
      return outcomes;
    } catch (error) {
      unit.open = false;
      if (sqlite.inTransaction) rollback.run();
      return group.map(() => ({ ok: false, error }));
    }
  }

  function flush() {
    const group = queue;
    queue = [];
    hold(async () => {
      (await runGroup(group)).forEach((outcome, i) =>
        outcome.ok ? group[i]!.resolve(outcome.value) : group[i]!.reject(outcome.error),
      );
    }).catch((error: unknown) => group.forEach((queued) => queued.reject(error)));
  }

  return <T>(work: (tx: Db) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
}
