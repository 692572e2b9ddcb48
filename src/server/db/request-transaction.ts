// PostgreSQL: one transaction for a request's writes and its Idempotency-Key's answer
// (pipeline/idempotency.ts opens it after the claim, or for the claim on a route answering with
// its write, and ends it when the answer is sent).
//
// Entscheidung DB-13: with the write and its stored answer in one
// commit, the outcome is either both (the retry finds the answer: replay) or neither (the key is
// still 'running' and freed: the retry writes once); a key is freed only while it is 'running'.
//
// How: Kysely's driver is wrapped. Inside `inRequest(tx, …)` (transaction-scope.ts) every query
// of this database goes to the request's connection object: plain reads go to the pool as before
// until the first write; the first write (anything but a SELECT without WITH) takes a pooled
// connection, and from then on every statement runs there (a read sees the request's own
// writes); BEGIN goes with the first statement sent there, in one round trip (begin-commit.ts). A handler's own `db.transaction()` joins it (as its BEGIN, or a
// savepoint: `nested`). The answer's UPDATE goes with the COMMIT in one round trip (`end`), so
// a keyed write makes as many round trips as without the transaction. A pooled
// connection is held from the request's first write until its answer is sent, so no call to
// another service may start in between (transaction-scope.ts refuses it; Entscheidung DB-17).
// Background work the request starts waits for the commit (`afterCommit`).
import type pg from 'pg';
import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { beginWith, sendAround } from './begin-commit.ts';
import { requestTransactionOf, type HeldTransaction } from './transaction-scope.ts';

export { afterCommit, inRequest, outsideRequest } from './transaction-scope.ts';

const isRead = (query: CompiledQuery) =>
  query.query?.kind === 'SelectQueryNode' && !(query.query as { with?: unknown }).with;

type Answered<R> = { command: string; rowCount: number | null; rows: R[] };
type Client = PostgresPoolClient & { release(destroy?: boolean): void };
const AFFECTS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** Sends `text` as a simple query: several statements in one round trip, no parameters. */
const simple = (client: Client, text: string) =>
  (client.query as unknown as (t: string) => Promise<unknown>)(text);

/** A request's transaction: not begun until its first write. */
export class RequestTransaction implements DatabaseConnection, HeldTransaction {
  #driver: HoldingDriver;
  #client: Promise<Client> | undefined;
  /** Whether BEGIN was sent on the held connection (with its first statement). */
  #open = false;
  /** The handler's own transactions open now (see nested). */
  #frames: ('begin' | 'savepoint')[] = [];
  /** The held connection's statements, one after another (node-pg queues them, deprecated). */
  #queue: Promise<unknown> = Promise.resolve();
  /** Work to start once the transaction has ended (afterCommit). */
  #after: (() => void)[] = [];
  /** A statement outside a savepoint failed: PostgreSQL has aborted the transaction. */
  failed = false;
  ended = false;
  /** Why it must not commit: a call to another service started while it held its connection. */
  refused: Error | undefined;

  constructor(driver: HoldingDriver) {
    this.#driver = driver;
  }

  /** Whether a write began the transaction (so there is something to commit). */
  get begun() {
    return this.#client !== undefined;
  }

  get holding() {
    return this.begun && !this.ended;
  }

  refuse(error: Error) {
    this.refused ??= error;
  }

  belongsTo(driver: HoldingDriver) {
    return this.#driver === driver && !this.ended;
  }

  /** The held connection (a pooled client of its own, not Kysely's); BEGIN not sent yet. */
  #held() {
    this.#client ??= this.#driver.pool().then(async (pool) => (await pool.connect()) as Client);
    return this.#client;
  }

  /** A statement on the held connection; the first one carries the BEGIN. */
  #query<R>(client: Client, text: string, values: unknown[]): Promise<Answered<R>> {
    if (this.#open) return client.query<R>(text, values) as Promise<Answered<R>>;
    this.#open = true;
    return beginWith(client as unknown as pg.ClientBase, text, values) as Promise<Answered<R>>;
  }

  /** Literal statements on the held connection in one round trip; the first ones carry the BEGIN. */
  #simple(client: Client, text: string) {
    const opened = this.#open;
    this.#open = true;
    return simple(client, opened ? text : `begin; ${text}`);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.begun && isRead(query)) return this.#driver.once((c) => c.executeQuery<R>(query));
    try {
      return await this.#inTurn(async (client) => {
        const { command, rowCount, rows } = await this.#query<R>(client, query.sql, [...query.parameters]);
        return {
          numAffectedRows: AFFECTS.has(command) ? BigInt(rowCount ?? 0) : undefined,
          rows: rows ?? [],
        };
      });
    } catch (error) {
      if (this.#frames.every((frame) => frame === 'begin')) this.failed = true;
      throw error;
    }
  }

  /** Runs `work` on the held connection once the statements before it are done. */
  #inTurn<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const turn = this.#queue.then(async () => work(await this.#held()));
    this.#queue = turn.catch(() => {});
    return turn;
  }

  /** Keeps `work` until the transaction has ended; false once it has. */
  defer(work: () => void) {
    if (this.ended) return false;
    this.#after.push(work);
    return true;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not configured for PostgreSQL');
  }

  /**
   * A handler's own transaction inside this one. Opened before the request wrote anything, it is
   * the request's BEGIN itself: its commit costs nothing (the request commits it) and its rollback
   * rolls back all, as nothing else was written. Later or nested: a savepoint (Entscheidung DB-23).
   */
  async nested(step: 'begin' | 'commit' | 'rollback') {
    try {
      if (step === 'begin') {
        const frame = this.begun ? 'savepoint' : 'begin';
        this.#frames.push(frame);
        const depth = this.#frames.length;
        await this.#inTurn((client) =>
          frame === 'begin' ? Promise.resolve() : this.#simple(client, `savepoint request_${depth}`),
        );
        return;
      }
      const depth = this.#frames.length;
      const frame = this.#frames.pop();
      if (frame === 'savepoint') {
        const sql =
          step === 'commit' ? `release savepoint request_${depth}` : `rollback to savepoint request_${depth}`;
        await this.#inTurn((client) => this.#simple(client, sql));
      } else if (step === 'rollback') {
        await this.#afresh();
      }
    } catch (error) {
      this.failed = true;
      throw error;
    }
  }

  /** Rolls the transaction back and gives its connection back: the request has written nothing. */
  async #afresh() {
    const held = this.#client;
    const open = this.#open;
    this.#client = undefined;
    this.#open = false;
    this.failed = false;
    await this.#queue;
    const client = await held?.catch(() => undefined);
    if (!client) return;
    let failed = true;
    try {
      if (open) await simple(client, 'rollback');
      failed = false;
    } finally {
      client.release(failed);
    }
  }

  /**
   * Commits (or rolls back) and gives the connection back; nothing to do when nothing was
   * written. `last`: a statement sent with the COMMIT in one round trip (the key's answer). A
   * connection whose end failed is closed, not pooled again. Refused (see `refused`), a commit
   * rolls back and throws.
   */
  async end(outcome: 'commit' | 'rollback', last?: { text: string; values: unknown[] }) {
    if (this.ended) return;
    this.ended = true;
    const refused = outcome === 'commit' ? this.refused : undefined;
    try {
      await this.#queue;
      const client = await this.#client?.catch(() => undefined);
      if (client) {
        let failed = true;
        try {
          // Nothing sent yet: nothing to end, unless the key's answer is to be stored.
          if (last && !refused && outcome === 'commit') {
            const opened = this.#open;
            this.#open = true;
            await sendAround(client as unknown as pg.ClientBase, last.text, last.values, {
              begin: !opened,
              commit: true,
            });
          } else if (this.#open) {
            await this.#simple(client, refused ? 'rollback' : outcome);
          }
          failed = false;
        } finally {
          client.release(failed);
        }
      }
    } finally {
      for (const work of this.#after.splice(0)) work();
    }
    if (refused) throw refused;
  }
}

/** Kysely's PostgreSQL driver, sending a request's queries to its transaction (RequestTransaction). */
class HoldingDriver implements Driver {
  constructor(
    readonly inner: Driver,
    readonly pool: () => Promise<PostgresPool>,
  ) {}
  init = () => this.inner.init();
  destroy = () => this.inner.destroy();
  /** One query on a pooled connection of its own. */
  async once<T>(work: (connection: DatabaseConnection) => Promise<T>) {
    const connection = await this.inner.acquireConnection();
    try {
      return await work(connection);
    } finally {
      await this.inner.releaseConnection(connection);
    }
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const tx = requestTransactionOf();
    return tx instanceof RequestTransaction && tx.belongsTo(this) ? tx : this.inner.acquireConnection();
  }
  async releaseConnection(connection: DatabaseConnection) {
    if (!(connection instanceof RequestTransaction)) await this.inner.releaseConnection(connection);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (connection instanceof RequestTransaction) return connection.nested('begin');
    return this.inner.beginTransaction(connection, settings);
  }
  async commitTransaction(connection: DatabaseConnection) {
    if (connection instanceof RequestTransaction) return connection.nested('commit');
    return this.inner.commitTransaction(connection);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    if (connection instanceof RequestTransaction) return connection.nested('rollback');
    return this.inner.rollbackTransaction(connection);
  }
}

/** PostgresDialect whose driver knows requests' transactions; `transaction()` makes one. */
export class RequestTransactionDialect extends PostgresDialect {
  #driver: HoldingDriver | undefined;
  #pool: PostgresDialectConfig['pool'];
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#pool = config.pool;
  }
  override createDriver(): Driver {
    const pool = this.#pool;
    let resolved: Promise<PostgresPool> | undefined;
    const poolOf = () => (resolved ??= Promise.resolve(typeof pool === 'function' ? pool() : pool));
    this.#driver = new HoldingDriver(super.createDriver(), poolOf);
    return this.#driver;
  }
  transaction() {
    if (!this.#driver) throw new Error('the dialect has no driver yet');
    return new RequestTransaction(this.#driver);
  }
}
