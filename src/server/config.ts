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
};

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
  };
}
