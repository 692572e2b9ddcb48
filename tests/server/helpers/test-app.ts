// Builds the real app against a fresh database: SQLite by default, PostgreSQL when
// TEST_DATABASE_URL is set (each app gets a database of its own), with a real SMTP server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { RouteOptions } from 'fastify';
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

/** A clock the test sets and moves; starts at the real time. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (date: Date | string) => void (now = new Date(date).getTime()),
    advance: (ms: number) => void (now += ms),
  };
}

export async function createTestApp(
  options: {
    seed?: boolean;
    config?: Partial<Config>;
    onRoute?: BuildOptions['onRoute'];
    /** Where the app's log lines go (none by default). */
    logger?: BuildOptions['logger'];
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kompass-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const smtp = await startSmtp();
  const defaults = loadConfig({});
  const config = {
    ...defaults,
    // Network rule: no suite fetches a feed from anywhere but the hosts it allows itself.
    feeds: { ...defaults.feeds, onlyAllowedHosts: true },
    // … and pushes to no push service but the ones it allows itself (tests/support/fake-push.ts).
    push: { ...defaults.push, onlyAllowedHosts: true },
    // … and calls no OP3 but the fake a suite starts and allows (tests/support/fake-op3.ts).
    op3: { ...defaults.op3, onlyAllowedHosts: true },
    dataDir,
    databaseUrl: adminUrl ? await freshPostgres(adminUrl) : undefined,
    appUrl: 'http://studio.test',
    smtpUrl: smtp.url,
    clientDir: undefined,
    ...options.config,
  };
  const clock = testClock();
  const routes: RouteOptions[] = [];
  const { app, ctx, jobs } = await buildApp(config, {
    logger: options.logger ?? false,
    clock,
    onRoute: (route) => {
      routes.push(route);
      options.onRoute?.(route);
    },
  });
  if (options.seed) await seed(ctx.db);
  afterAll(async () => {
    await app.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  /** Mail leaves through the queue after the request: these wait for it first. */
  const mail = {
    async link(to: string, path: string) {
      await ctx.mail.drain();
      return smtp.link(to, path);
    },
    async to(address: string) {
      await ctx.mail.drain();
      return smtp.mails.filter((m) => m.to.includes(address));
    },
    async all() {
      await ctx.mail.drain();
      return smtp.mails;
    },
  };
  return {
    app,
    ctx,
    /** The periodic jobs (tip sweep, idempotency clean-up, billing's re-check when configured), to run them now. */
    jobs,
    db: ctx.db,
    smtp,
    mail,
    clock,
    config,
    routes,
    agent: (remoteAddress?: string) => new Agent(app, remoteAddress),
    /** How many rows a table holds (to show that a refused request wrote nothing). */
    count: async (table: 'images' | 'podcasts' | 'episodes') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
