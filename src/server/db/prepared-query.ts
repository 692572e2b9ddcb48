// Hot reads (the session of every API request, a method) skip Kysely's query building, which
// cost as much CPU as running the query on SQLite. The query is built and compiled once per
// database, with markers in place of the arguments; each call puts the arguments in their place.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database, Db } from './database.ts';
import type { DB } from './schema.ts';

const MARKER = '\u0000arg:';
type Prepared<R> = { compiled: CompiledQuery<R>; slots: (number | undefined)[] };

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
  const prepared = new WeakMap<D, Prepared<R>>();
  return async (db: D, ...args: A): Promise<R[]> => {
    let query = prepared.get(db);
    if (!query) {
      const markers = Array.from({ length: args.length }, (_, i) => `${MARKER}${i}`) as A;
      const compiled = build(db, ...markers).compile();
      const slots = compiled.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(MARKER) ? Number(p.slice(MARKER.length)) : undefined,
      );
      query = { compiled, slots };
      prepared.set(db, query);
    }
    const { compiled, slots } = query;
    const parameters = slots.map((slot, i) => (slot === undefined ? compiled.parameters[i] : args[slot]));
    // On SQLite the database itself (not a transaction) reads synchronously (database.ts).
    if (db.readSync) return db.readSync(compiled.sql, parameters) as R[];
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
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
