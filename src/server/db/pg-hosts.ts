// A DATABASE_URL naming several hosts, in libpq's form
// (`postgres://user@h1:5432,h2:5432/db?target_session_attrs=read-write`), which node-postgres does
// not understand. The app keeps a pool for the one host that accepts writes: it asks every host
// (`SHOW transaction_read_only`, or `pg_is_in_recovery()` for `primary`) and takes the first in
// the list's order that qualifies. It asks again when a connection to it is lost or a statement
// meets a read-only server (SQLSTATE 25006): after a failover the next request finds the promoted
// standby. While no host qualifies, connect() fails as an outage (08001: 503 with Retry-After,
// db/faults.ts), never as a bug (Entscheidung DB-10).
import type pg from 'pg';
import { databaseFault } from './faults.ts';

export type SessionAttrs = 'any' | 'read-write' | 'primary';
export type HostList = { urls: string[]; target: SessionAttrs };

const ATTRS: SessionAttrs[] = ['any', 'read-write', 'primary'];

/** Splits a libpq URL into one URL per host (same user, database and parameters) and the target. */
export function parseHosts(url: string): HostList {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?/.exec(url);
  if (!match) return { urls: [url], target: 'any' };
  const [, scheme, user = '', hosts = '', path = '', query = ''] = match;
  const params = new URLSearchParams(query);
  const target = (params.get('target_session_attrs') ?? 'any') as SessionAttrs;
  if (!ATTRS.includes(target)) {
    throw new Error(
      `DATABASE_URL: target_session_attrs=${target} is not supported (any, read-write or primary): the app writes`,
    );
  }
  // node-postgres would send it to the server as a setting, which refuses it.
  params.delete('target_session_attrs');
  const rest = params.size > 0 ? `${path}?${params.toString()}` : path;
  const list = hosts.split(',').filter((h) => h !== '');
  return { urls: (list.length > 0 ? list : ['']).map((h) => `${scheme}${user}${h}${rest}`), target };
}

/** Whether a host needs the failover pool: several hosts, or a target that is not `any`. */
export const needsFailover = (list: HostList) => list.urls.length > 1 || list.target !== 'any';

/** 25006: this server (a standby, or one made read-only) refuses writes. */
const isReadOnly = (error: unknown) => (error as { code?: unknown })?.code === '25006';

type Options = {
  list: HostList;
  /** A pool for one host (the app's settings). */
  makePool: (url: string) => pg.Pool;
  /** A single client for one host, for the question (closed after it). */
  makeClient: (url: string) => pg.Client;
  /** Told when the host changes, or none qualifies. */
  onChange?: (url: string | undefined, error?: unknown) => void;
  /** After a search that found no host, callers within this time fail at once. */
  retryMs?: number;
};

// Each host's reason, in the error (the start's last line, a 503's log line; Entscheidung DB-11).
const noHost = (list: HostList, why: string) =>
  Object.assign(
    new Error(`no database host accepts ${list.target === 'any' ? 'connections' : 'writes'} (${why})`),
    { code: '08001' },
  );

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
};

/** `true`, or why `url` does not qualify. */
async function qualifies(makeClient: (url: string) => pg.Client, url: string, target: SessionAttrs) {
  const client = makeClient(url);
  client.on('error', () => {});
  try {
    await client.connect();
    if (target === 'any') return true;
    if (target === 'primary') {
      const { rows } = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
      return rows[0]?.r === false || 'a standby (in recovery)';
    }
    const { rows } = await client.query<{ transaction_read_only: string }>('SHOW transaction_read_only');
    return rows[0]?.transaction_read_only === 'off' || 'read-only';
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    void client.end().catch(() => {});
  }
}

/** A pool (what Kysely's PostgresDialect takes) that follows the writable host of `list`. */
export function failoverPool({ list, makePool, makeClient, onChange, retryMs = 500 }: Options) {
  type Target = { url: string; pool: pg.Pool; left: Promise<void>; leave: () => void };
  let current: Target | undefined;
  let search: Promise<typeof current> | undefined;
  let missedAt = 0;
  let missed = 'not asked yet';
  const pools = new Set<pg.Pool>();

  function leave(from: Target) {
    if (current !== from) return;
    current = undefined;
    from.leave();
    // The clients still out finish their statement (and fail, if the host is gone); then it ends.
    void from.pool.end().catch(() => {});
    pools.delete(from.pool);
  }

  function watch(target: Target) {
    target.pool.on('error', () => leave(target));
    target.pool.on('connect', (client) => {
      client.on('error', () => leave(target));
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const result = query(...args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          if (isReadOnly(error) || databaseFault(error)?.kind === 'unavailable') leave(target);
          throw error;
        });
      }) as typeof client.query;
    });
  }

  async function find() {
    const answers = await Promise.all(list.urls.map((url) => qualifies(makeClient, url, list.target)));
    const url = list.urls[answers.indexOf(true)];
    if (url === undefined) {
      missedAt = Date.now();
      missed = list.urls.map((u, i) => `${hostOf(u)}: ${String(answers[i])}`).join('; ');
      onChange?.(undefined, noHost(list, missed));
      return undefined;
    }
    const pool = makePool(url);
    pools.add(pool);
    let leave = () => {};
    const left = new Promise<void>((resolve) => (leave = resolve));
    const found: Target = { url, pool, left, leave };
    watch(found);
    current = found;
    onChange?.(url);
    return found;
  }

  async function connect(): Promise<pg.PoolClient> {
    let target = current;
    if (!target) {
      if (!search && Date.now() - missedAt < retryMs) throw noHost(list, missed);
      search ??= find().finally(() => (search = undefined));
      target = await search;
      if (!target) throw noHost(list, missed);
    }
    try {
      const pending = target.pool.connect();
      const client = await Promise.race([pending, target.left.then(() => undefined)]);
      if (client) return client;
      // Left while this waited for a free connection (its host died): an ending pg-pool serves
      // no waiter, so it would wait out DB_ACQUIRE_TIMEOUT and answer 503 after the new primary
      // is long there. So it asks again at once, on the host found next (Entscheidung DB-10).
      pending.then(
        (late) => late.release(),
        () => {},
      );
      return await connect();
    } catch (error) {
      // Unreachable or refusing: look again at the next request.
      leave(target);
      throw error;
    }
  }

  return {
    connect,
    async end() {
      current = undefined;
      await Promise.all([...pools].map((p) => p.end().catch(() => {})));
      pools.clear();
    },
    /** The host in use (tests, logs). */
    host: () => current?.url,
  };
}
