// A change, the log entries of the rows it changed and the answer's read, as one write on either
// engine, from one set of query builders (Entscheidung DB-25). PostgreSQL: one statement, a
// data-modifying WITH (`changed`, `logged`, then the answer): one round trip, and atomic outside a
// request's transaction too. SQLite, which has no data-modifying WITH: the change with RETURNING,
// then the log entries (only when a row changed) and the answer, each reading the changed rows'
// ids as `changed` (json_each), inside the unit of work's transaction (database.ts `write`).
import { PostgresAdapter, sql, type Compilable, type QueryCreator } from 'kysely';
import type { Db } from './database.ts';
import { preparedWrite } from './prepared-query.ts';
import type { DB } from './schema.ts';

/** What the log and the answer read: the tables and `changed`, the ids of the rows changed. */
export type Changed = QueryCreator<DB & { changed: { id: number } }>;

type Shape<A extends unknown[], C extends { id: number }, R> = {
  /** An INSERT or UPDATE … RETURNING, at least `id`. */
  change: (qc: QueryCreator<DB>, ...args: A) => Compilable<C>;
  /** The INSERT of the log entries, from `changed`. */
  log?: (qc: Changed, ...args: A) => Compilable<unknown>;
  /** What the write answers; without it the changed rows. */
  answer?: (qc: Changed, ...args: A) => Compilable<R>;
  /** false: built anew at each call (its SQL depends on its arguments, a list of rows). */
  prepared?: boolean;
};

type Statement<A extends unknown[], R> = (tx: Db, ...args: A) => Promise<R[]>;
type Cte = (qc: QueryCreator<DB>) => Compilable<unknown>;
/** Kysely's `with`, typed loosely: the CTE's row type is the caller's to know. */
const named = (qc: QueryCreator<DB>, name: string, cte: Cte) =>
  (qc as unknown as { with: (name: string, cte: Cte) => Changed }).with(name, cte);
/** SQLite: the ids a change returned, as `changed`. */
const idsAsChanged = (db: Db, ids: string) =>
  named(db, 'changed', (qc) =>
    qc.selectFrom(sql`json_each(${ids})`.as('j')).select(sql<number>`j.value`.as('id')),
  );

function statement<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
  prepared: boolean,
): Statement<A, R> {
  if (!prepared) return async (tx, ...args) => (await tx.executeQuery(build(tx, ...args).compile())).rows;
  const write = preparedWrite(build);
  return async (tx, ...args) => (await write(tx, ...args)).rows;
}

/**
 * `const change = loggedChange({ change, log, answer })`, then inside a unit of work
 * `await change(tx, ...args)`: the answer's rows (or the changed rows). The builders get the
 * arguments after the query creator; their SQL must not depend on them unless `prepared: false`.
 */
export function loggedChange<A extends unknown[], C extends { id: number }, R = C>(
  shape: Shape<A, C, R>,
): Statement<A, R> {
  const { change, log, answer, prepared = true } = shape;
  const changing = statement(change, prepared);
  if (!log && !answer) return changing as unknown as Statement<A, R>;
  const together = statement((db: Db, ...args: A) => {
    let qc = named(db, 'changed', (c) => change(c, ...args));
    if (log) qc = named(qc as unknown as QueryCreator<DB>, 'logged', (c) => log(c as Changed, ...args));
    return answer ? answer(qc, ...args) : (qc.selectFrom('changed').selectAll() as unknown as Compilable<R>);
  }, prepared);
  const logging =
    log && statement((db: Db, ids: string, ...args: A) => log(idsAsChanged(db, ids), ...args), prepared);
  const answering =
    answer &&
    statement((db: Db, ids: string, ...args: A) => answer(idsAsChanged(db, ids), ...args), prepared);
  return async (tx, ...args) => {
    if (tx.getExecutor().adapter instanceof PostgresAdapter) return together(tx, ...args);
    const changed = await changing(tx, ...args);
    const ids = JSON.stringify(changed.map((row) => row.id));
    if (logging && changed.length > 0) await logging(tx, ids, ...args);
    return answering ? answering(tx, ids, ...args) : (changed as unknown as R[]);
  };
}
