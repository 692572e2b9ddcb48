// PostgreSQL: a request transaction's BEGIN sent together with its first statement, and its COMMIT
// with its last one (the key's answer), each in one round trip. node-pg waits for each query's
// answer before it sends the next, so a BEGIN or a COMMIT of its own would be a round trip more
// for every keyed write (Entscheidungen DB-21, PIPE-6). Here one extended query carries Parse/Bind/Execute of
// `begin`, then the statement's own Parse (once per connection: named, named-statements.ts)/Bind/
// Describe/Execute, then those of `commit`, and one Sync: PostgreSQL runs them in order, and a
// BEGIN among them keeps the transaction open past the Sync. Should the statement fail, PostgreSQL
// skips the rest up to the Sync: the transaction is aborted and nothing is committed.
import type pg from 'pg';
import {
  namedQueryClass,
  statementConfig,
  submitted,
  type Protocol,
  type QueryBase,
} from './named-statements.ts';

type Around = { begin: boolean; commit: boolean };
let Surrounded:
  (new (...args: ConstructorParameters<QueryBase>) => InstanceType<QueryBase> & Around) | undefined;

function surroundedClass() {
  return class extends namedQueryClass() {
    begin = false;
    commit = false;
    /** The completions to pass over: BEGIN's before the statement's, COMMIT's after it. */
    #skip = 0;
    #done = false;
    override before(connection: Protocol) {
      if (!this.begin) return;
      this.#skip = 1;
      connection.parse({ text: 'begin' });
      connection.bind({});
      connection.execute({});
    }
    override _getRows(connection: Protocol, rows?: number) {
      if (!this.commit) return super._getRows(connection, rows);
      connection.execute({ portal: this.portal });
      connection.parse({ text: 'commit' });
      connection.bind({});
      connection.execute({});
      connection.sync();
    }
    override handleCommandComplete(message: { text: string }, connection: Protocol) {
      if (this.#skip > 0) {
        this.#skip--;
        return;
      }
      // COMMIT's own completion is no part of the statement's result.
      if (this.#done) return;
      this.#done = true;
      super.handleCommandComplete(message, connection);
    }
  };
}

/**
 * Sends `text` with `values` on `client` in one round trip, after BEGIN and before COMMIT as
 * `around` says; the statement's result.
 */
export function sendAround(client: pg.ClientBase, text: string, values: unknown[], around: Around) {
  Surrounded ??= surroundedClass();
  const Query = Surrounded;
  const { name } = statementConfig(client, text, values);
  return submitted(client, (callback) => {
    const query = new Query(text, values, callback);
    Object.assign(query, around, { name, queryMode: 'extended' });
    return query;
  });
}

/** Sends BEGIN and `text` with `values` on `client` in one round trip; the statement's result. */
export const beginWith = (client: pg.ClientBase, text: string, values: unknown[]) =>
  sendAround(client, text, values, { begin: true, commit: false });
