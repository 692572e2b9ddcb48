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
  /** FEED_CHECK_INTERVAL_MS: how often the Feed-Check job looks for feeds not checked for a day. */
  feedCheckIntervalMs: number;
  /** Kompass-KI tips (src/server/engine/tips/). */
  tips: TipConfig;
  /** Web Push of new tips (src/server/push/). */
  push: PushConfig;
  /** The membership provider; null = billing disabled (everything else works). */
  steady: SteadyConfig | null;
  /** KOMPASS_TEST_CLOCK=1: `POST /api/test/clock` and `POST /api/test/jobs:run` exist (E2E only). */
  testHooks: boolean;
};

export type TipConfig = {
  /** TIP_SWEEP_INTERVAL_MS: how often one process runs every podcast's tip rules. */
  sweepIntervalMs: number;
  /** TIP_LLM_URL (+ _API_KEY, _MODEL, _TIMEOUT_MS): an OpenAI-compatible endpoint that rephrases tips; unset = off. */
  llm: { url: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
};

export function parseTipConfig(env: NodeJS.ProcessEnv): TipConfig {
  const url = env.TIP_LLM_URL?.trim();
  return {
    sweepIntervalMs: positiveInteger('TIP_SWEEP_INTERVAL_MS', env.TIP_SWEEP_INTERVAL_MS, 5 * 60 * 1000),
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
  /** PUSH_ALLOWED_HOSTS: push services that may be private addresses (and plain http), e.g. the tests' fake. */
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
    allowedHosts: list(env.PUSH_ALLOWED_HOSTS),
    onlyAllowedHosts: ['1', 'true'].includes(env.PUSH_ONLY_ALLOWED_HOSTS?.trim() ?? ''),
    timeoutMs: positiveInteger('PUSH_TIMEOUT_MS', env.PUSH_TIMEOUT_MS, 10_000),
  };
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

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
    feedCheckIntervalMs: positiveInteger(
      'FEED_CHECK_INTERVAL_MS',
      env.FEED_CHECK_INTERVAL_MS,
      60 * 60 * 1000,
    ),
    tips: parseTipConfig(env),
    push: parsePushConfig(env, mailFrom),
    steady: parseSteadyConfig(env),
    testHooks: env.KOMPASS_TEST_CLOCK === '1',
  };
}
