// Hot reads (the session of every API request, a method) skip Kysely's query building, which
// cost as much CPU as running the query on SQLite. The query is built and compiled once per
// database, with markers in place of the arguments; each call puts the arguments in their place.
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database, Db } from './database.ts';
import type { DB } from './schema.ts';
import { unitRunOf } from './sqlite-unit.ts';

const MARKER = '\u0000arg:';
type Prepared<R> = { compiled: CompiledQuery<R>; slots: (number | undefined)[] };

/** Builds and compiles the query once, with markers in place of its `count` arguments. */
function compileWithMarkers<D, A extends unknown[], R>(
  build: (db: D, ...args: A) => Compilable<R>,
  db: D,
  count: number,
): Prepared<R> {
  const markers = Array.from({ length: count }, (_, i) => `${MARKER}${i}`) as A;
  const compiled = build(db, ...markers).compile();
  const slots = compiled.parameters.map((p) =>
    typeof p === 'string' && p.startsWith(MARKER) ? Number(p.slice(MARKER.length)) : undefined,
  );
  return { compiled, slots };
}

/** The compiled query's parameters with this call's arguments in their slots. */
const parametersOf = <R>({ compiled, slots }: Prepared<R>, args: unknown[]) =>
  slots.map((slot, i) => (slot === undefined ? compiled.parameters[i] : args[slot]));

const isTransaction = (db: object): db is Db => (db as { isTransaction?: boolean }).isTransaction === true;

/**
 * `const byId = preparedQuery((db: Database, id: number) => db.selectFrom('t').selectAll().where('id', '=', id))`
 * then `await byId(db, 7)` gives the rows. Only for queries whose SQL does not depend on the
 * arguments: no lists for `in`, no clauses added or left out by an argument.
 */
export function preparedQuery<
  D extends Pick<Kysely<DB>, 'executeQuery'> & Pick<Database, 'readSync'>,
  A extends unknown[],
  R,
>(build: (db: D, ...args: A) => Compilable<R>) {
  const prepared = new WeakMap<object, Prepared<R>>();
  return async (db: D, ...args: A): Promise<R[]> => {
    // A transaction is a new object each time: its queries are kept by dialect (see preparedWrite),
    // so a read inside a write's transaction (an idempotency key's answer) is not compiled anew.
    const key = isTransaction(db) ? db.getExecutor().adapter.constructor : db;
    let query = prepared.get(key);
    if (!query) {
      query = compileWithMarkers(build, db, args.length);
      prepared.set(key, query);
    }
    const { compiled } = query;
    const parameters = parametersOf(query, args);
    // On SQLite the database itself (not a transaction) reads synchronously (database.ts).
    if (db.readSync) return db.readSync(compiled.sql, parameters) as R[];
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}

/**
 * preparedQuery for writes and for queries run inside a transaction (withTx): the statement is
 * built and compiled once per dialect (a transaction is a new Kysely object each time, so it
 * cannot be the key; the compiled text depends only on the dialect's adapter) and runs on the
 * transaction's connection when `db` is one (a unit of work's `tx`, database.ts `write`), never on
 * the read-only connection of readSync; on SQLite's database itself it is a unit of work of its
 * own, so it shares its group's commit (group-commit.ts). The same rules as preparedQuery: the SQL must not depend on the arguments
 * (Entscheidung DB-12).
 */
export function preparedWrite<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>) {
  const prepared = new Map<unknown, Prepared<R>>();
  const compiledFor = (db: Db, count: number) => {
    const dialect = db.getExecutor().adapter.constructor;
    let query = prepared.get(dialect);
    if (!query) {
      query = compileWithMarkers(build, db, count);
      prepared.set(dialect, query);
    }
    return query;
  };
  return async (db: Db, ...args: A): Promise<{ rows: R[]; numAffectedRows?: bigint }> => {
    const query = compiledFor(db, args.length);
    const compiled = { ...query.compiled, parameters: parametersOf(query, args) };
    // SQLite's database itself: a unit of work of its own, so it joins the group's commit.
    const { engine, write } = db as Partial<Database>;
    if (engine === 'sqlite') return write!((tx) => tx.executeQuery<R>(compiled));
    // A unit of work's tx on SQLite: straight on its connection (a sixth of a toggle's CPU was
    // Kysely's executor and locks, Entscheidung DB-4).
    const run = unitRunOf(db);
    if (run) return run(compiled.sql, compiled.parameters) as QueryResult<R>;
    return db.executeQuery<R>(compiled);
  };
}

/**
 * preparedQuery for a query that takes a list of ids for `in` (a page of methods, their
 * keywords): lists up to `size` are padded with -1 (no row has that id), so one text serves them
 * all; a longer list is built and compiled as usual.
 */
export function preparedIdList<A extends unknown[], R>(
  size: number,
  build: (db: Db, ids: number[], ...args: A) => Compilable<R>,
) {
  const prepared = preparedQuery((db: Db, ...all: unknown[]) =>
    build(db, all.slice(0, size) as number[], ...(all.slice(size) as A)),
  );
  return async (db: Db, ids: number[], ...args: A): Promise<R[]> => {
    if (ids.length > size) return (await db.executeQuery<R>(build(db, ids, ...args).compile())).rows;
    const padded = [...ids, ...Array.from({ length: size - ids.length }, () => -1)];
    return prepared(db, ...padded, ...args);
  };
}
