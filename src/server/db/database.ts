// The one place that knows SQLite from PostgreSQL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type SqliteDatabase } from 'kysely';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { parseDatabaseConfig, type DatabaseConfig } from '../config.ts';
import { faultRecord, watchPool, type FaultLogger, type FaultRecord } from './faults.ts';
import type { DB } from './schema.ts';
import { nameStatements } from './named-statements.ts';
import { failoverPool, needsFailover, parseHosts } from './pg-hosts.ts';
import { watchChanges, type ChangeWatch } from './change-watch.ts';
import { groupCommit } from './group-commit.ts';
import { sqliteUnit } from './sqlite-unit.ts';
import { RequestTransactionDialect, type RequestTransaction } from './request-transaction.ts';
import { withinTransaction } from './transaction-scope.ts';
import { FileLockedSqliteDialect } from './sqlite-file-lock.ts';
import { dropStat4Samples } from './sqlite-stats.ts';
import {
  backgroundCheckpoints,
  defaultCheckpointOptions,
  type CheckpointOptions,
} from './sqlite-checkpoint.ts';

export type Engine = 'sqlite' | 'postgres';
/** What queries take: the database or a transaction of it (see withTx). */
export type Db = Kysely<DB>;
/** The app's connection, which knows its engine. */
export type Database = Db & {
  engine: Engine;
  /** This database's outages: logged once per episode, and when it was last unreachable. */
  faults: FaultRecord;
  /**
   * SQLite only: runs a read on a second, read-only connection, synchronously. WAL gives it the
   * last committed state, never a transaction in progress on the main connection; it skips
   * Kysely's async connection handling, which cost more than the hot queries themselves.
   */
  readSync?: (sql: string, parameters: readonly unknown[]) => unknown[];
  /**
   * One unit of work (Entscheidung DB-4): `work` writes through `tx` only and awaits nothing but
   * `tx`'s statements (no other service, no timer: transaction-scope.ts); what it returns is the
   * caller's (a route's answer). SQLite: `work` runs in a savepoint of the transaction that the
   * works of one turn of the event loop share, on the main connection once no Kysely query or
   * transaction of this process holds it; its caller hears of it after the commit
   * (group-commit.ts, DB-6). PostgreSQL: `tx` is this database, whose statements run in the
   * request's transaction when there is one (request-transaction.ts), else each commits on its
   * own: there a change that must be all or nothing is one statement (logged-change.ts, DB-25).
   */
  write: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  /**
   * SQLite only: starts (once) telling which podcast's data changed (change-watch.ts), for the
   * answer cache; called after the migrations.
   */
  watchChanges?: () => ChangeWatch;
  /**
   * PostgreSQL only: a transaction for one request's writes and its Idempotency-Key's answer
   * (request-transaction.ts), begun at its first write.
   */
  requestTransaction?: () => RequestTransaction;
  /** SQLite only: the worker thread's checkpoints (sqlite-checkpoint.ts; for tests). */
  checkpoints?: () => { done: number; at: number; writes: number };
};

// node-pg is loaded only for PostgreSQL: loading it took a sixth of a SQLite start.
const require = createRequire(import.meta.url);
let driver: typeof pg | undefined;
export function loadPg() {
  if (driver) return driver;
  driver = require('pg') as typeof pg;
  // COUNT(*) and BIGINT come back as strings from pg; our counts fit in a JS number.
  driver.types.setTypeParser(driver.types.builtins.INT8, (v) => Number(v));
  return driver;
}

/** Where connection faults are logged when the caller names no logger (the CLI). */
const consoleLog: FaultLogger = {
  error: (object, message) => console.error(message, object),
  warn: (object, message) => console.warn(message, object),
  info: (object, message) => console.info(message, object),
};

export function createDatabase(
  options: {
    databaseUrl?: string;
    dataDir: string;
    database?: DatabaseConfig;
    checkpoint?: CheckpointOptions;
  },
  log: FaultLogger = consoleLog,
): Database {
  const limits = options.database ?? parseDatabaseConfig({});
  if (options.databaseUrl) {
    const faults = faultRecord();
    const makePool = (connectionString: string) => {
      const pool = new (loadPg().Pool)({
        connectionString,
        max: limits.poolSize,
        // Waiting for a free connection (or for a new one to open) ends with an error, not never.
        connectionTimeoutMillis: limits.acquireTimeoutMs,
        // Sent at connect, so they hold for every statement of every connection.
        statement_timeout: limits.statementTimeoutMs,
        lock_timeout: limits.lockTimeoutMs,
        // A peer that vanished without a reset (a failover, a cut cable) is noticed.
        keepAlive: true,
      });
      watchPool(pool, log, faults);
      pool.on('connect', nameStatements);
      return pool;
    };
    // Several hosts (libpq's form): the pool follows the writable one (pg-hosts.ts).
    const hosts = parseHosts(options.databaseUrl);
    const pool = needsFailover(hosts)
      ? failoverPool({
          list: hosts,
          makePool,
          makeClient: (connectionString) =>
            new (loadPg().Client)({
              connectionString,
              connectionTimeoutMillis: Math.min(limits.acquireTimeoutMs, 3000),
              keepAlive: true,
            }),
          onChange: (url, error) =>
            url
              ? log.info({ host: new URL(url).host }, 'database: using the host that accepts writes')
              : log.warn({}, `database: ${(error as Error).message}; answering 503 until one does`),
        })
      : makePool(options.databaseUrl);
    const dialect = new RequestTransactionDialect({ pool });
    const kysely = new Kysely<DB>({ dialect });
    return Object.assign(kysely, {
      engine: 'postgres' as const,
      faults,
      write: <T>(work: (tx: Db) => Promise<T>) => work(kysely),
      requestTransaction: () => dialect.transaction(),
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'studio.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // The driver is synchronous: while SQLite waits for another process's lock, this whole process
  // waits. So the wait is short (DB_LOCK_TIMEOUT), then SQLITE_BUSY answers 503 (db/faults.ts).
  const busyTimeout = `busy_timeout = ${limits.lockTimeoutMs}`;
  sqlite.pragma(busyTimeout);
  // SQLITE_SYNCHRONOUS (Entscheidung DB-5): FULL by default. In WAL mode NORMAL syncs the log
  // only at checkpoints, so a power cut or an OS crash (not a crash of this process) can lose the
  // last commits a client was already told about; FULL syncs the log at every commit. Group commit
  // (group-commit.ts) pays that sync once per group of writes, not per write, and the write path
  // stayed far above what people clicking can ask of it (tests/bench/sqlite-sync.ts runs both
  // settings side by side). `normal` is for a disk whose every sync is slow, where losing the last
  // writes to a power cut is acceptable.
  sqlite.pragma(`synchronous = ${limits.sqliteSynchronous ?? parseDatabaseConfig({}).sqliteSynchronous}`);
  // Plans with sqlite_stat1 alone, so no statement is planned anew at each call (sqlite-stats.ts).
  dropStat4Samples(sqlite, (message, error) => log.warn({ error }, message));
  const checkpoints = backgroundCheckpoints(
    sqlite,
    file,
    { ...defaultCheckpointOptions, ...options.checkpoint, busyTimeoutMs: limits.lockTimeoutMs },
    log,
  );
  // The reader is opened at the first read, when the migrations have made the file.
  let reader: ReturnType<typeof withStatementCache> | undefined;
  const statements = withStatementCache(sqlite);
  const database = {
    ...statements,
    // Kysely prepares each statement right before it runs it: a write tells the checkpointer.
    prepare(sql: string) {
      const statement = statements.prepare(sql);
      if (!statement.reader || !statement.readonly) checkpoints.wrote();
      return statement;
    },
    close() {
      reader?.close();
      checkpoints.close();
      sqlite.close();
    },
  };
  const dialect = new FileLockedSqliteDialect({ database }, file);
  const kysely = new Kysely<DB>({ dialect });
  // The connection taken as Kysely takes it (this process's file lock, then the driver's), so no
  // Kysely transaction is open on it while a group of works runs.
  const write = groupCommit(sqlite, sqliteUnit(database.prepare), (group) =>
    kysely.connection().execute(() => group()),
  );
  let changes: ChangeWatch | undefined;
  return Object.assign(kysely, {
    engine: 'sqlite' as const,
    faults: faultRecord(),
    // In dev and test a call to another service inside the work is refused (transaction-scope.ts).
    write: <T>(work: (tx: Db) => Promise<T>) => write((tx) => withinTransaction(() => work(tx))),
    readSync(sql: string, parameters: readonly unknown[]) {
      if (!reader) {
        const connection = new SQLite(file, { readonly: true });
        connection.pragma(busyTimeout);
        reader = withStatementCache(connection);
      }
      return reader.prepare(sql).all(...parameters);
    },
    watchChanges: () => (changes ??= watchChanges(sqlite)),
    checkpoints: checkpoints.checkpoints,
  });
}

/**
 * Kysely's SQLite driver prepares every statement anew, which took a fifth of the CPU of a
 * method read. Our queries are built from a fixed set of shapes, so the prepared statements are
 * kept, by SQL text, in a map that forgets the least recently used one beyond `size`. Sharing a
 * statement is safe: Kysely runs one query at a time on the single SQLite connection.
 */
export function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    statements,
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  } satisfies SqliteDatabase & { statements: Map<string, SQLite.Statement> };
}

/** Whether an insert failed on a unique constraint (SQLite and PostgreSQL report it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Whether a write failed on a foreign key: the row it refers to does not exist. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * Runs `work` in one transaction: all of it is written or none. Queries take `Db`, so the
 * transaction can be passed wherever the database is. No call to another service inside
 * (transaction-scope.ts): fetch first, then write.
 */
export const withTx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute((tx) => withinTransaction(() => work(tx)));
