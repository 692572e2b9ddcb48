// Builds the real app against a fresh database: SQLite by default, PostgreSQL when
// TEST_DATABASE_URL is set (each app gets a database of its own), with a real SMTP server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../../src/server/app.ts';
import { loadConfig, type Config } from '../../../src/server/config.ts';
import { seed } from '../../../src/server/db/seed/seed.ts';
import { startSmtp } from './smtp.ts';
import { Agent } from './agent.ts';

/** A new, empty database on the server of `adminUrl`; returns its URL. */
export async function freshPostgres(adminUrl: string) {
  const name = `kompass_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTestApp(
  options: { seed?: boolean; config?: Partial<Config>; onRoute?: BuildOptions['onRoute'] } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kompass-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const smtp = await startSmtp();
  const config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: adminUrl ? await freshPostgres(adminUrl) : undefined,
    appUrl: 'http://studio.test',
    smtpUrl: smtp.url,
    clientDir: undefined,
    ...options.config,
  };
  const { app, ctx } = await buildApp(config, { logger: false, onRoute: options.onRoute });
  if (options.seed) await seed(ctx.db);
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  return { app, db: ctx.db, smtp, config, agent: (remoteAddress?: string) => new Agent(app, remoteAddress) };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
