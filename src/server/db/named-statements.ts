// PostgreSQL plans an unnamed statement anew for every request: 2.0 of the 3.2 ms of a method list
// went to bind and planning. So each pooled connection sends our queries as named
// (prepared) statements: the first use of a text on a connection parses it, every later one only
// binds and runs it, and PostgreSQL caches the plan (generic once it is no worse than custom).
// The name is a hash of the text, so one name never meets two texts. Texts that vary with their
// arguments (lists for `in`) would pile up, so a connection names at most MAX_NAMED texts and
// sends the rest unnamed (Entscheidung DB-9).
//
// A named statement's rows are described once per connection (Entscheidung DB-26): node-pg asks
// PostgreSQL to describe every execution's rows and builds the parsers of each column again for
// every result, a twelfth of a keyed write's CPU for the session, access and claim row's 70
// columns. A statement is bound to its name on its connection, and PostgreSQL refuses to run it
// should its result's columns change (a migration), so its first description holds there.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type pg from 'pg';

const MAX_NAMED = 1000;
const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < 10 * MAX_NAMED) names.set(text, name);
  }
  return name;
};

const namedBy = new WeakMap<object, Set<string>>();

/** `text` and `values` as `client` sends them: named once it has parsed (or will parse) the text. */
export function statementConfig(client: pg.ClientBase, text: string, values: unknown[]) {
  let named = namedBy.get(client);
  if (!named) namedBy.set(client, (named = new Set()));
  if (!named.has(text)) {
    if (named.size >= MAX_NAMED) return { text, values };
    named.add(text);
  }
  return { name: nameOf(text), text, values };
}

/** The parts of node-pg's protocol writer a query uses (pg/lib/connection.js). */
export type Protocol = {
  parse(config: { text: string; name?: string }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
};
/** What node-pg's Result keeps of a description: the columns and their parsers. */
type Described = { fields: unknown[]; _parsers: unknown[]; _prebuiltEmptyResultObject: object };
type Callback = (error: Error | null, result: pg.QueryResult) => void;
/** node-pg's Query, with the members a subclass uses (pg/lib/query.js). */
export type QueryBase = new (
  text: string,
  values: unknown[],
  callback: Callback,
) => {
  name?: string;
  portal: string;
  values: unknown[];
  rows?: number;
  _result: Described;
  _accumulateRows: boolean;
  prepare(connection: Protocol): void;
  before(connection: Protocol): void;
  handleRowDescription(message: unknown): void;
  handleCommandComplete(message: { text: string }, connection: Protocol): void;
  handleError(error: Error, connection: Protocol): void;
  _getRows(connection: Protocol, rows?: number): void;
};

/** Each connection's statements by name, as PostgreSQL described their rows. */
const descriptions = new WeakMap<Protocol, Map<string, Described>>();
let NamedQuery: QueryBase | undefined;

/** node-pg's Query whose named statement's rows are described once per connection. */
export function namedQueryClass(): QueryBase {
  if (NamedQuery) return NamedQuery;
  const require = createRequire(import.meta.url);
  const Base = (require('pg') as { Query: unknown }).Query as QueryBase;
  const { prepareValue } = require('pg/lib/utils') as { prepareValue: (value: unknown) => unknown };
  NamedQuery = class extends Base {
    #connection: Protocol | undefined;
    override prepare(connection: Protocol) {
      // The values first: one that cannot be sent fails the query before anything is parsed or
      // bound (node-pg would close the named statement on the server and still take it as parsed).
      try {
        this.values = this.values?.map((value) => prepareValue(value));
      } catch (error) {
        connection.sync();
        this.handleError(error as Error, connection);
        return;
      }
      this.before(connection);
      const known = this.name ? descriptions.get(connection)?.get(this.name) : undefined;
      if (!known) {
        this.#connection = connection;
        return super.prepare(connection);
      }
      // Parsed and described on this connection before: bind and execute, read the rows as then.
      Object.assign(this._result, known);
      this._accumulateRows = true;
      connection.bind({ portal: this.portal, statement: this.name, values: this.values });
      this._getRows(connection, this.rows);
    }
    /** What a subclass sends before the statement, in the same round trip. */
    before(_connection: Protocol) {}
    override handleRowDescription(message: unknown) {
      super.handleRowDescription(message);
      const connection = this.#connection;
      if (!this.name || !connection) return;
      let known = descriptions.get(connection);
      if (!known) descriptions.set(connection, (known = new Map()));
      const { fields, _parsers, _prebuiltEmptyResultObject } = this._result;
      known.set(this.name, { fields, _parsers, _prebuiltEmptyResultObject });
    }
  };
  return NamedQuery;
}

/** Runs `query` (a NamedQuery or a subclass's) on `client`; its result. */
export function submitted(
  client: pg.ClientBase,
  make: (callback: Callback) => object,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = make((error, result) => (error ? reject(error) : resolve(result)));
    void (client.query as unknown as (q: object) => unknown)(query);
  });
}

/** Makes `client` send `query(text, values)` as a named statement (pool.on('connect', …)). */
export function nameStatements(client: pg.ClientBase) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length > 0) {
      return query(text, values, ...rest);
    }
    const { name } = statementConfig(client, text, values);
    if (name === undefined) return query(text, values);
    const Query = namedQueryClass();
    return submitted(client, (callback) => {
      const named = new Query(text, values, callback);
      named.name = name;
      return named;
    });
  }) as typeof client.query;
}
