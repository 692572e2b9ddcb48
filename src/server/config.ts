// Configuration from the environment; every variable is listed with its default in the README.
import { resolve } from 'node:path';

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
};

export type FeedConfig = {
  /** FEED_ALLOWED_HOSTS: host names or IP addresses fetched although their address is refused. */
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
    allowedHosts: (env.FEED_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    onlyAllowedHosts: ['1', 'true'].includes(env.FEED_ONLY_ALLOWED_HOSTS?.trim() ?? ''),
    maxBytes: positiveInteger('FEED_MAX_BYTES', env.FEED_MAX_BYTES, 20 * 1024 * 1024),
    timeoutMs: positiveInteger('FEED_TIMEOUT_MS', env.FEED_TIMEOUT_MS, 15_000),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : undefined,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Kompass Studio <studio@kompass.local>',
    clientDir: env.CLIENT_DIR === '' ? undefined : resolve(env.CLIENT_DIR ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    feeds: parseFeedConfig(env),
  };
}
