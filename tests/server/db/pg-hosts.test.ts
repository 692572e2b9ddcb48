// DATABASE_URL with several hosts (libpq's form): the app takes the host that accepts writes, skips
// a standby listed first, and leaves a primary that turns read-only for the standby promoted in its
// place, answering 503 with Retry-After meanwhile, never 500. A real primary with a real streaming
// standby on loopback (pg-pair.ts); in the PostgreSQL pass of the suites.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { parseHosts } from '../../../src/server/db/pg-hosts.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addCategories, form } from '../podcasts/podcast-helpers.ts';
import { hasPostgres, startPair } from './pg-pair.ts';

describe('parseHosts', () => {
  it('splits libpq’s host list and keeps user, database and the other parameters', () => {
    expect(
      parseHosts(
        'postgres://app:pw@h1:5432,h2:5433,[::1]:5434/studio?target_session_attrs=read-write&sslmode=disable',
      ),
    ).toEqual({
      urls: [
        'postgres://app:pw@h1:5432/studio?sslmode=disable',
        'postgres://app:pw@h2:5433/studio?sslmode=disable',
        'postgres://app:pw@[::1]:5434/studio?sslmode=disable',
      ],
      target: 'read-write',
    });
    expect(parseHosts('postgres://app@db/studio')).toEqual({
      urls: ['postgres://app@db/studio'],
      target: 'any',
    });
    expect(() => parseHosts('postgres://a@h1,h2/db?target_session_attrs=standby')).toThrow(/not supported/);
  });
});

const pairTest = process.env.TEST_DATABASE_URL && hasPostgres() ? describe : describe.skip;

pairTest('a primary with a streaming standby', { timeout: 120_000 }, () => {
  let pair: Awaited<ReturnType<typeof startPair>>;
  let t: TestApp;
  beforeAll(async () => {
    pair = await startPair();
    await pair.query(pair.primaryPort, 'CREATE DATABASE kompass');
    await pair.caughtUp();
    // The standby first: it must be skipped.
    t = await createTestApp({
      config: {
        databaseUrl: `postgres://postgres@127.0.0.1:${pair.standbyPort},127.0.0.1:${pair.primaryPort}/kompass?target_session_attrs=read-write`,
      },
    });
    await addCategories(t);
  });
  afterAll(async () => {
    await t?.app.close();
    pair?.stop();
  });

  const titles = (port: number) =>
    pair.query<{ title: string }>(port, 'SELECT title FROM podcasts ORDER BY id', 'kompass');

  it('skips a read-only server listed first, then follows the promoted standby when the primary turns read-only', async () => {
    const owner = await verifiedUser(t);
    const first = await owner.agent.post('/api/podcasts', form({ title: 'Vor dem Wechsel' }));
    expect(first.statusCode, first.body).toBe(201);
    expect((await titles(pair.primaryPort)).map((r) => r.title)).toContain('Vor dem Wechsel');
    await pair.caughtUp();

    // The primary refuses writes from now on (its open connections too), and the standby takes over.
    await pair.query(pair.primaryPort, 'ALTER SYSTEM SET default_transaction_read_only = on');
    await pair.query(pair.primaryPort, 'SELECT pg_reload_conf()');
    pair.promote();

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await owner.agent.post('/api/podcasts', form({ title: 'Nach dem Wechsel' }));
      statuses.push(answer.statusCode);
      if (answer.statusCode === 201) break;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses.at(-1)).toBe(201);
    // Written on the promoted standby, not on the old primary.
    expect((await titles(pair.standbyPort)).map((r) => r.title)).toContain('Nach dem Wechsel');
    expect((await titles(pair.primaryPort)).map((r) => r.title)).not.toContain('Nach dem Wechsel');
    // Reads go on there as well.
    expect((await owner.agent.get('/api/account/podcasts')).statusCode).toBe(200);
  });

  it('names each host’s reason when none qualifies: `sslmode=prefer` (as pg_autoctl prints it) on servers without TLS', async () => {
    const defaults = loadConfig({});
    const config = {
      ...defaults,
      dataDir: mkdtempSync(join(tmpdir(), 'kompass-hosts-')),
      databaseUrl: `postgres://postgres@127.0.0.1:${pair.standbyPort},127.0.0.1:${pair.primaryPort}/kompass?target_session_attrs=read-write&sslmode=prefer`,
      database: { ...defaults.database, startTimeoutMs: 500 },
    };
    const failed = await buildApp(config, { logger: false }).then(
      () => new Error('started'),
      (error: Error) => error,
    );
    const message = failed.message;
    expect(message).toContain('DB_START_TIMEOUT');
    for (const port of [pair.standbyPort, pair.primaryPort]) {
      expect(message).toContain(`127.0.0.1:${port}: The server does not support SSL connections`);
    }
  });
});
