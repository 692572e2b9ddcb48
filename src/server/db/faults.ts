// What the database's failures mean for the app, as opposed to what a query did wrong: the
// database is unreachable or a timeout ran out (`unavailable`, `busy`: try again in a moment), or it
// cannot store anything (`full`: the disk). Both are outages, answered with 503 (http/errors.ts), logged once
// per episode here, and never fatal: the pool and every connection have an `error` handler, so a
// PostgreSQL restart costs the requests that meet it, not the process.
import type pg from 'pg';

/** `unavailable`: no connection; `busy`: a timeout or lock ran out; `full`: nothing can be stored. */
export type FaultKind = 'unavailable' | 'busy' | 'full';
export type DatabaseFault = { kind: FaultKind; cause: string };
export type FaultLogger = {
  error: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  info: (object: object, message: string) => void;
};

/** Node's socket errors while connecting or talking to PostgreSQL. */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** PostgreSQL SQLSTATEs that say "not now" (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const POSTGRES_UNAVAILABLE: Record<string, string> = {
  '57P01': 'the server is shutting down (admin_shutdown)',
  '57P02': 'the server crashed (crash_shutdown)',
  '57P03': 'the server is starting up (cannot_connect_now)',
  // A standby, or a primary made read-only: with several hosts the app looks for the writable one.
  '25006': 'the server accepts no writes (read_only_sql_transaction)',
};
const POSTGRES_BUSY: Record<string, string> = {
  '53300': 'too many connections',
  '57014': 'statement timeout (DB_STATEMENT_TIMEOUT)',
  '55P03': 'lock timeout (DB_LOCK_TIMEOUT)',
  '40P01': 'deadlock',
};
const POSTGRES_FULL: Record<string, string> = {
  '53100': 'disk full',
  '58030': 'I/O error',
};

/** node-pg's own errors carry no code, only these messages. */
const PG_CLIENT_LOST =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

/** Whether `error` is an outage of the database rather than a fault of the query; and which. */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK.has(code)) return { kind: 'unavailable', cause: `database unreachable (${code})` };
    // 08001 is the failover pool's own (pg-hosts.ts): its message names each host's reason.
    if (code === '08001') return { kind: 'unavailable', cause: `${error.message} (${code})` };
    if (code.startsWith('08')) return { kind: 'unavailable', cause: `database connection lost (${code})` };
    if (POSTGRES_UNAVAILABLE[code])
      return { kind: 'unavailable', cause: `${POSTGRES_UNAVAILABLE[code]} (${code})` };
    if (POSTGRES_BUSY[code]) return { kind: 'busy', cause: `${POSTGRES_BUSY[code]} (${code})` };
    if (POSTGRES_FULL[code]) return { kind: 'full', cause: `${POSTGRES_FULL[code]} (${code})` };
    // SQLite: another process holds the write lock longer than the busy timeout (DB_LOCK_TIMEOUT).
    if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return { kind: 'busy', cause: `database locked (${code})` };
    if (code === 'SQLITE_FULL') return { kind: 'full', cause: 'disk full (SQLITE_FULL)' };
    if (code.startsWith('SQLITE_IOERR'))
      return { kind: 'full', cause: `I/O error, often a full disk (${code})` };
  }
  if (error.message.startsWith('timeout exceeded when trying to connect')) {
    return { kind: 'busy', cause: 'no connection free within DB_ACQUIRE_TIMEOUT' };
  }
  if (PG_CLIENT_LOST.test(error.message))
    return { kind: 'unavailable', cause: `database connection lost (${error.message})` };
  return undefined;
}

/**
 * What one database's outages were: one log line per episode (the first fault of a kind is logged
 * as an error naming its cause; the same kind again within LOG_EVERY_MS is only counted, and the
 * next line says how many there were), and when it was last unreachable. Entscheidung DB-19:
 * kept per database (`Database.faults`), not per process: a test process builds many apps one
 * after another (vitest without isolation), and one app's outage must not answer for the next.
 */
const LOG_EVERY_MS = 60_000;

export type FaultRecord = ReturnType<typeof faultRecord>;

export function faultRecord() {
  const episodes = new Map<FaultKind, { loggedAt: number; since: number; suppressed: number }>();
  let lastUnavailableAt = Number.NEGATIVE_INFINITY;

  function report(log: FaultLogger, fault: DatabaseFault, error: unknown, now = Date.now()) {
    if (fault.kind === 'unavailable') lastUnavailableAt = now;
    const episode = episodes.get(fault.kind);
    if (episode && now - episode.loggedAt < LOG_EVERY_MS) {
      episode.suppressed++;
      return;
    }
    const more = episode?.suppressed ? ` (${episode.suppressed} more since the last line)` : '';
    const what = {
      full: 'the database cannot store anything',
      busy: 'the database is busy',
      unavailable: 'the database is unavailable',
    }[fault.kind];
    log.error(
      { err: error, cause: fault.cause },
      `${what}: ${fault.cause}; answering 503 until it recovers${more}`,
    );
    episodes.set(fault.kind, { loggedAt: now, since: episode?.since ?? now, suppressed: 0 });
  }

  return {
    report,
    /** When the database was last found unreachable (ms since the epoch; -∞ if never). */
    lastOutageAt: () => lastUnavailableAt,
    /** A connection succeeded: an `unavailable` episode is over (logged once). */
    recovered(log: FaultLogger, now = Date.now()) {
      const episode = episodes.get('unavailable');
      if (!episode) return;
      episodes.delete('unavailable');
      log.info(
        { downMs: now - episode.since },
        `the database is reachable again after ${Math.round((now - episode.since) / 1000)} s`,
      );
    },
    /** Logs `error` as a fault when it is one; answers whether it was. For job workers' catch blocks. */
    reportIfFault(log: FaultLogger, error: unknown) {
      const fault = databaseFault(error);
      if (fault) report(log, fault, error);
      return fault !== undefined;
    },
  };
}

/**
 * node-pg emits `error` on the pool when an idle connection dies (a restart, a network cut), and
 * on a checked-out client between its queries; an `error` event without a listener ends the
 * process. Both are handled here: the connection is dropped by the pool, the next query opens a
 * new one, and the outage is logged once.
 */
export function watchPool(pool: pg.Pool, log: FaultLogger, faults: FaultRecord) {
  const lost = (error: Error) =>
    faults.report(
      log,
      databaseFault(error) ?? { kind: 'unavailable', cause: `database connection lost (${error.message})` },
      error,
    );
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    faults.recovered(log);
  });
}

/**
 * Runs `start` (the migrations: the first thing that needs the database) until the database
 * answers. Entscheidung DB-20: by default the app waits for ever, logging one line per
 * attempt at growing intervals (1 s up to 10 s), because the database and the app often start
 * together and an orchestrator restarting the app gains nothing; DB_START_TIMEOUT sets a limit
 * after which it exits with one clear line instead. Errors that are no outage are thrown at once.
 */
export async function waitForDatabase<T>(
  start: () => Promise<T>,
  log: FaultLogger,
  { timeoutMs = 0, delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<T> {
  const began = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await start();
      if (attempt > 1) log.info({ attempts: attempt }, 'the database answers; starting');
      return result;
    } catch (error) {
      const fault = databaseFault(error);
      if (!fault || fault.kind === 'full') throw error;
      const waited = Date.now() - began;
      if (timeoutMs > 0 && waited >= timeoutMs) {
        throw new Error(
          `The database did not answer within DB_START_TIMEOUT (${timeoutMs / 1000} s): ${fault.cause}`,
          { cause: error },
        );
      }
      const wait = Math.min(1000 * attempt, 10_000);
      log.warn(
        { cause: fault.cause, attempt },
        `waiting for the database: ${fault.cause}; next try in ${wait / 1000} s` +
          (timeoutMs > 0 ? ` (giving up after DB_START_TIMEOUT=${timeoutMs / 1000} s)` : ''),
      );
      await delay(wait);
    }
  }
}
