// Configuration from the environment; every variable is listed with its default in the README.
import { resolve } from 'node:path';
import { parseAllowList } from './net/allow-list.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Serve the built PWA from this folder (unset in API-only tests). */
  clientDir: string | undefined;
  logLevel: string;
  /** Fastify's trustProxy: false (default), a hop count, or a list of proxy addresses/CIDRs. */
  trustProxy: false | number | string;
  /** The guarded feed fetch (src/server/feeds/safe-fetch.ts). */
  feeds: FeedConfig;
  /** FEED_CHECK_INTERVAL_MS: how often the Feed-Check job looks for feeds due for their daily check. */
  feedCheckIntervalMs: number;
  /** Kompass-KI tips (src/server/engine/tips/). */
  tips: TipConfig;
  /** Web Push of new tips (src/server/push/). */
  push: PushConfig;
  /** The membership provider; null = billing disabled (everything else works). */
  steady: SteadyConfig | null;
  /** OP3's API for the audience sources (src/server/audience/). */
  op3: Op3Config;
  /** Timeouts and pool of the database connection (src/server/db/faults.ts). */
  database: DatabaseConfig;
  /** KOMPASS_TEST_CLOCK=1: `POST /api/test/clock` and `POST /api/test/jobs:run` exist (E2E only). */
  testHooks: boolean;
};

export type TipConfig = {
  /** TIP_SWEEP_INTERVAL_MS: how often one process runs every podcast's tip rules. */
  sweepIntervalMs: number;
  /** TIP_DEBOUNCE_MS: how long after a write its podcast's tips are evaluated (later writes join it). */
  debounceMs: number;
  /** TIP_LLM_URL (+ _API_KEY, _MODEL, _TIMEOUT_MS): an OpenAI-compatible endpoint that rephrases tips; unset = off. */
  llm: { url: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
};

export function parseTipConfig(env: NodeJS.ProcessEnv): TipConfig {
  const url = env.TIP_LLM_URL?.trim();
  return {
    sweepIntervalMs: positiveInteger('TIP_SWEEP_INTERVAL_MS', env.TIP_SWEEP_INTERVAL_MS, 5 * 60 * 1000),
    debounceMs: positiveInteger('TIP_DEBOUNCE_MS', env.TIP_DEBOUNCE_MS, 250),
    llm: url
      ? {
          url,
          apiKey: env.TIP_LLM_API_KEY?.trim() || undefined,
          model: env.TIP_LLM_MODEL?.trim() || 'gpt-4o-mini',
          timeoutMs: positiveInteger('TIP_LLM_TIMEOUT_MS', env.TIP_LLM_TIMEOUT_MS, 5000),
        }
      : undefined,
  };
}

export type PushConfig = {
  /** VAPID_SUBJECT: how push services can reach us (`mailto:` or `https:`). */
  subject: string;
  /** PUSH_ALLOWED_HOSTS: push services that may be private addresses (and plain http), e.g. the tests' fake; `host` or `host:port` as FEED_ALLOWED_HOSTS. */
  allowedHosts: string[];
  /** PUSH_ONLY_ALLOWED_HOSTS: push to nothing but the allowed hosts (the API tests run this way). */
  onlyAllowedHosts: boolean;
  /** PUSH_TIMEOUT_MS: time limit of one push to one device. */
  timeoutMs: number;
};

/** The address inside MAIL_FROM (`Name <a@b>` or `a@b`). */
const addressOf = (mailFrom: string) => /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

export function parsePushConfig(env: NodeJS.ProcessEnv, mailFrom: string): PushConfig {
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:${addressOf(mailFrom)}`;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/.test(subject)) {
    throw new Error('VAPID_SUBJECT muss eine mailto:- oder https://-Adresse sein.');
  }
  return {
    subject,
    allowedHosts: parseAllowList('PUSH_ALLOWED_HOSTS', env.PUSH_ALLOWED_HOSTS),
    onlyAllowedHosts: ['1', 'true'].includes(env.PUSH_ONLY_ALLOWED_HOSTS?.trim() ?? ''),
    timeoutMs: positiveInteger('PUSH_TIMEOUT_MS', env.PUSH_TIMEOUT_MS, 10_000),
  };
}

export type SteadyConfig = {
  /** STEADY_URL: where the browser goes (authorize page). */
  url: string;
  /** STEADY_API_URL: where the server calls (token, users/me, subscriptions/me); default STEADY_URL. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** STEADY_SUBSCRIBE_URL: the publication's plans page the subscribe buttons link to. */
  subscribeUrl: string;
  /** STEADY_CHECK_MINUTES: how often the subscriptions are read again. */
  checkMinutes: number;
};

const trimUrl = (value: string | undefined) => value?.trim().replace(/\/+$/, '') || undefined;

/** Billing is on only when the provider's address, client id and secret are all set. */
export function parseSteadyConfig(env: NodeJS.ProcessEnv): SteadyConfig | null {
  const url = trimUrl(env.STEADY_URL);
  const clientId = env.STEADY_CLIENT_ID?.trim();
  const clientSecret = env.STEADY_CLIENT_SECRET?.trim();
  if (!url || !clientId || !clientSecret) return null;
  return {
    url,
    apiUrl: trimUrl(env.STEADY_API_URL) ?? url,
    clientId,
    clientSecret,
    subscribeUrl: trimUrl(env.STEADY_SUBSCRIBE_URL) ?? `${url}/plans`,
    checkMinutes: positiveInteger('STEADY_CHECK_MINUTES', env.STEADY_CHECK_MINUTES, 60),
  };
}

export type Op3Config = {
  /** OP3_API_URL: the API's base URL (default https://op3.dev/api/1; tests point it at a local fake). */
  apiUrl: string;
  /** OP3_ALLOWED_HOSTS: `host` or `host:port` reached although refused (as FEED_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** OP3_ONLY_ALLOWED_HOSTS: call nothing but the allowed hosts (the API tests run this way). */
  onlyAllowedHosts: boolean;
  /** OP3_TIMEOUT_MS: time limit of one API call, body included. */
  timeoutMs: number;
  /** AUDIENCE_FETCH_INTERVAL_MS: how often one process looks for sources due to be fetched. */
  fetchIntervalMs: number;
};

export function parseOp3Config(env: NodeJS.ProcessEnv): Op3Config {
  const apiUrl = trimUrl(env.OP3_API_URL) ?? 'https://op3.dev/api/1';
  if (!/^https?:\/\/[^\s]+$/.test(apiUrl)) throw new Error('OP3_API_URL muss eine http(s)://-Adresse sein.');
  return {
    apiUrl,
    allowedHosts: parseAllowList('OP3_ALLOWED_HOSTS', env.OP3_ALLOWED_HOSTS),
    onlyAllowedHosts: ['1', 'true'].includes(env.OP3_ONLY_ALLOWED_HOSTS?.trim() ?? ''),
    timeoutMs: positiveInteger('OP3_TIMEOUT_MS', env.OP3_TIMEOUT_MS, 30_000),
    fetchIntervalMs: positiveInteger('AUDIENCE_FETCH_INTERVAL_MS', env.AUDIENCE_FETCH_INTERVAL_MS, 600_000),
  };
}

export type FeedConfig = {
  /**
   * FEED_ALLOWED_HOSTS: comma-separated targets fetched although their address is refused, each
   * `host` or `host:port` (`127.0.0.1:8080`, `[::1]:8080`, `feeds.intern.example:443`). Prefer
   * `host:port`: it allows that port only; a bare host allows every port of it
   * (src/server/net/allow-list.ts).
   */
  allowedHosts: string[];
  /** FEED_ONLY_ALLOWED_HOSTS: fetch nothing but the allowed hosts (the tests run this way). */
  onlyAllowedHosts: boolean;
  /** FEED_MAX_BYTES: largest feed (after decompression). */
  maxBytes: number;
  /** FEED_TIMEOUT_MS: the whole fetch, redirects included. */
  timeoutMs: number;
};

/**
 * TRUST_PROXY: unset = trust no proxy (the socket address is the client); a number = that many
 * proxy hops in front of us; otherwise a comma-separated list of proxy addresses or CIDRs.
 * `true` is refused: it would let any client choose its address with X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const trimmed = value?.trim();
  if (!trimmed || trimmed === 'false' || trimmed === '0') return false;
  if (/^[0-9]+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true')
    throw new Error(
      'TRUST_PROXY=true würde jedem Client erlauben, seine Adresse zu wählen. Gib die Adressen der Proxys oder die Zahl der Hops an.',
    );
  return trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .join(',');
}

function positiveInteger(name: string, value: string | undefined, fallback: number) {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^[1-9][0-9]*$/.test(value.trim())) throw new Error(`${name} muss eine positive ganze Zahl sein.`);
  return Number(value.trim());
}

export function parseFeedConfig(env: NodeJS.ProcessEnv): FeedConfig {
  return {
    allowedHosts: parseAllowList('FEED_ALLOWED_HOSTS', env.FEED_ALLOWED_HOSTS),
    onlyAllowedHosts: ['1', 'true'].includes(env.FEED_ONLY_ALLOWED_HOSTS?.trim() ?? ''),
    maxBytes: positiveInteger('FEED_MAX_BYTES', env.FEED_MAX_BYTES, 20 * 1024 * 1024),
    timeoutMs: positiveInteger('FEED_TIMEOUT_MS', env.FEED_TIMEOUT_MS, 15_000),
  };
}

export type DatabaseConfig = {
  /** DB_STATEMENT_TIMEOUT (s, PostgreSQL): the longest a single statement may run. */
  statementTimeoutMs: number;
  /** DB_LOCK_TIMEOUT (s): the longest a statement waits for a lock (PostgreSQL lock_timeout, SQLite busy_timeout). */
  lockTimeoutMs: number;
  /** DB_ACQUIRE_TIMEOUT (s, PostgreSQL): the longest a request waits for a pooled connection (or for a new one to open). */
  acquireTimeoutMs: number;
  /** DB_POOL_SIZE (PostgreSQL): connections per process. */
  poolSize: number;
  /** DB_START_TIMEOUT (s): give up starting when the database is unreachable this long; 0 = wait for ever. */
  startTimeoutMs: number;
  /** SQLITE_SYNCHRONOUS: SQLite's `synchronous` pragma, `full` (default) or `normal` (db/database.ts says why). */
  sqliteSynchronous?: SqliteSynchronous;
};

export type SqliteSynchronous = 'full' | 'normal';

function sqliteSynchronous(value: string | undefined): SqliteSynchronous {
  const chosen = (value ?? '').trim().toLowerCase() || 'full';
  if (chosen === 'full' || chosen === 'normal') return chosen;
  throw new Error('SQLITE_SYNCHRONOUS muss full oder normal sein.');
}

/**
 * Seconds (decimals allowed) as milliseconds. The defaults keep a locked table from holding the
 * pool: a write waits for its lock at most DB_LOCK_TIMEOUT (2 s), less than a request waits for
 * a connection (DB_ACQUIRE_TIMEOUT, 5 s), and the pool hands connections out first come, first
 * served, so a read queued behind waiting writes gets one within one lock timeout.
 */
function seconds(name: string, value: string | undefined, fallback: number, { zero = false } = {}) {
  if (value === undefined || value.trim() === '') return fallback * 1000;
  const number = Number(value.trim());
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value.trim()) || (number === 0 && !zero)) {
    throw new Error(`${name} muss eine positive Zahl von Sekunden sein.`);
  }
  return Math.round(number * 1000);
}

export function parseDatabaseConfig(env: NodeJS.ProcessEnv): DatabaseConfig {
  return {
    statementTimeoutMs: seconds('DB_STATEMENT_TIMEOUT', env.DB_STATEMENT_TIMEOUT, 15),
    lockTimeoutMs: seconds('DB_LOCK_TIMEOUT', env.DB_LOCK_TIMEOUT, 2),
    acquireTimeoutMs: seconds('DB_ACQUIRE_TIMEOUT', env.DB_ACQUIRE_TIMEOUT, 5),
    poolSize: positiveInteger('DB_POOL_SIZE', env.DB_POOL_SIZE, 10),
    startTimeoutMs: seconds('DB_START_TIMEOUT', env.DB_START_TIMEOUT, 0, { zero: true }),
    sqliteSynchronous: sqliteSynchronous(env.SQLITE_SYNCHRONOUS),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const mailFrom = env.MAIL_FROM ?? 'Kompass Studio <studio@kompass.local>';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : undefined,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom,
    clientDir: env.CLIENT_DIR === '' ? undefined : resolve(env.CLIENT_DIR ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    feeds: parseFeedConfig(env),
    feedCheckIntervalMs: positiveInteger('FEED_CHECK_INTERVAL_MS', env.FEED_CHECK_INTERVAL_MS, 5 * 60 * 1000),
    tips: parseTipConfig(env),
    push: parsePushConfig(env, mailFrom),
    steady: parseSteadyConfig(env),
    op3: parseOp3Config(env),
    database: parseDatabaseConfig(env),
    testHooks: env.KOMPASS_TEST_CLOCK === '1',
  };
}
