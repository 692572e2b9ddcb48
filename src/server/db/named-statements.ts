// PostgreSQL plans an unnamed statement anew for every request: 2.0 of the 3.2 ms of a method list
// went to bind and planning. So each pooled connection sends our queries as named
// (prepared) statements: the first use of a text on a connection parses it, every later one only
// binds and runs it, and PostgreSQL caches the plan (generic once it is no worse than custom).
// The name is a hash of the text, so one name never meets two texts. Texts that vary with their
// arguments (lists for `in`) would pile up, so a connection names at most MAX_NAMED texts and
// sends the rest unnamed (Entscheidung DB-9).
import { createHash } from 'node:crypto';
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

/** Makes `client` send `query(text, values)` as a named statement (pool.on('connect', …)). */
export function nameStatements(client: pg.ClientBase) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length > 0) {
      return query(text, values, ...rest);
    }
    return query(statementConfig(client, text, values));
  }) as typeof client.query;
}
