// The Kysely a unit of work writes through on SQLite (database.ts `write`, group-commit.ts): the
// main connection, inside the group's transaction, and only while the group runs. A statement
// after that (a work that awaited something other than its database and went on later) throws
// instead of running outside the transaction. A `withTx` inside a unit is a savepoint of it.
import type SQLite from 'better-sqlite3';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { DB } from './schema.ts';

export type SqliteUnit = {
  /** What every unit of work's `work` gets as its `tx`. */
  tx: Kysely<DB>;
  /** Whether a group holds the connection, so `tx` may run statements. */
  open: boolean;
};

type Run = (sql: string, parameters: readonly unknown[]) => QueryResult<unknown>;
const runs = new WeakMap<object, Run>();
/**
 * A unit's `tx`: how to run a compiled statement on it straight, without Kysely's executor (for
 * prepared-query.ts, whose statements are compiled already).
 */
export const unitRunOf = (db: object) => runs.get(db);

const ended = () =>
  new Error(
    'A statement of a unit of work ran after its work ended: the work awaited something other ' +
      'than its database (db/group-commit.ts)',
  );

export function sqliteUnit(prepare: (sql: string) => SQLite.Statement): SqliteUnit {
  const unit = { open: false } as SqliteUnit;
  const run: Run = (sql, parameters) => {
    if (!unit.open) throw ended();
    const statement = prepare(sql);
    if (statement.reader) return { rows: statement.all(...parameters) };
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  };
  const connection: DatabaseConnection = {
    executeQuery: <R>(query: CompiledQuery) =>
      Promise.resolve(run(query.sql, query.parameters) as QueryResult<R>),
    streamQuery: () => {
      throw new Error('A unit of work does not stream (db/sqlite-unit.ts)');
    },
  };
  const driver: Driver = {
    init: async () => {},
    async acquireConnection() {
      if (!unit.open) throw ended();
      return connection;
    },
    beginTransaction: async () => void run('SAVEPOINT nested', []),
    commitTransaction: async () => void run('RELEASE nested', []),
    async rollbackTransaction() {
      run('ROLLBACK TO nested', []);
      run('RELEASE nested', []);
    },
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  unit.tx = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createIntrospector: (db) => new SqliteIntrospector(db),
    },
  });
  runs.set(unit.tx, run);
  return unit;
}
