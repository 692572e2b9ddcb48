// PostgreSQL: a request transaction's BEGIN sent together with its first statement, in one round
// trip. node-pg waits for each query's answer before it sends the next, so a BEGIN of its own
// would be a round trip more for every keyed write (Entscheidung DB-21). Here one extended query carries
// Parse/Bind/Execute of `begin`, then the statement's own Parse (once per connection: named,
// named-statements.ts)/Bind/Describe/Execute, and one Sync: PostgreSQL runs them in order, and a
// BEGIN among them keeps the transaction open past the Sync. Should the statement fail, the
// transaction is aborted, as after a BEGIN sent on its own.
import { createRequire } from 'node:module';
import type pg from 'pg';
import { statementConfig } from './named-statements.ts';

type Protocol = {
  parse(config: { text: string; name?: string }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
};
type QueryClass = new (
  config: { text: string; name?: string; values: unknown[]; queryMode?: 'extended' },
  values: undefined,
  callback: (error: Error | null, result: pg.QueryResult) => void,
) => object;

let BeginFirst: QueryClass | undefined;

function beginFirstClass(): QueryClass {
  const Query = (createRequire(import.meta.url)('pg') as { Query: QueryClass }).Query;
  const Base = Query as unknown as new (...args: ConstructorParameters<QueryClass>) => {
    prepare(connection: Protocol): void;
    handleCommandComplete(message: { text: string }, connection: Protocol): void;
  };
  return class extends Base {
    /** BEGIN's own completion, which is no part of the statement's result. */
    #begun = false;
    override prepare(connection: Protocol) {
      connection.parse({ text: 'begin' });
      connection.bind({});
      connection.execute({});
      super.prepare(connection);
    }
    override handleCommandComplete(message: { text: string }, connection: Protocol) {
      if (!this.#begun) {
        this.#begun = true;
        return;
      }
      super.handleCommandComplete(message, connection);
    }
  } as unknown as QueryClass;
}

/** Sends BEGIN and `text` with `values` on `client` in one round trip; the statement's result. */
export function beginWith(client: pg.ClientBase, text: string, values: unknown[]) {
  BeginFirst ??= beginFirstClass();
  const Query = BeginFirst;
  return new Promise<pg.QueryResult>((resolve, reject) => {
    const query = new Query(
      // Extended even when unnamed and without values (else node-pg sends a simple query).
      { ...statementConfig(client, text, values), queryMode: 'extended' },
      undefined,
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    void (client.query as unknown as (q: object) => unknown)(query);
  });
}
