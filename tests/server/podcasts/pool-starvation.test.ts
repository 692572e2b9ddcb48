// As the attack ran it: twelve accounts each import, with an Idempotency-Key, a
// feed whose server does not answer (the feed URL is the user's own, so the attacker chooses the
// wait). Before 2026-12-06 each import held a pooled connection „idle in transaction" from its
// throttle count through the fetch, the pool ran dry and every other user's read answered 503.
// Now nothing is written before the fetch: the pool stays free, and another user's podcast
// answers at once. PostgreSQL only (SQLite has no pool). The pool is made small (4) so that, were
// connections held across the fetch, fewer imports than are pending would take it whole; the feed
// server holds every request until the test lets it go, so nothing here waits for a clock.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../faults/fault-helpers.ts';
import { addCategories, createPodcast } from './podcast-helpers.ts';

const POOL = 4;
const ATTACKERS = 12;
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Langsamer Feed</title><link>https://example.org/</link>
<item><title>Folge 1</title><guid>langsam-1</guid><pubDate>Mon, 02 Nov 2026 06:00:00 GMT</pubDate></item>
</channel></rss>`;

describe.skipIf(!process.env.TEST_DATABASE_URL)('twelve slow keyed imports', () => {
  const waiting: ServerResponse[] = [];
  let arrived = 0;
  const slowFeed = createServer((_req, res) => {
    arrived++;
    waiting.push(res);
  });
  const answerAll = () => {
    for (const res of waiting.splice(0))
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED);
  };
  let t: TestApp;
  let direct: pg.Client;

  beforeAll(async () => {
    await new Promise<void>((resolve) => slowFeed.listen(0, '127.0.0.1', resolve));
    const { port } = slowFeed.address() as AddressInfo;
    const defaults = loadConfig({});
    t = await createTestApp({
      config: {
        database: { ...defaults.database, poolSize: POOL, acquireTimeoutMs: 3000 },
        feeds: {
          ...defaults.feeds,
          allowedHosts: [`127.0.0.1:${port}`],
          onlyAllowedHosts: true,
          timeoutMs: 60_000,
        },
      },
    });
    await addCategories(t);
    direct = new pg.Client({ connectionString: t.config.databaseUrl });
    await direct.connect();
  });
  afterAll(async () => {
    answerAll();
    await direct?.end();
    slowFeed.closeAllConnections();
    await new Promise((resolve) => slowFeed.close(resolve));
  });

  /** Connections of the app's database that hold a transaction while waiting for the app. */
  const idleInTransaction = async () =>
    Number(
      (
        await direct.query(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
        )
      ).rows[0].n,
    );

  it(
    "leave the pool free: another user's podcast answers 200 at once while they wait",
    { timeout: 60_000 },
    async () => {
      const { port } = slowFeed.address() as AddressInfo;
      const reader = await verifiedUser(t);
      const podcast = await createPodcast(reader.agent, { title: 'Nicht betroffen' });
      const read = async () => {
        const started = performance.now();
        const response = await reader.agent.get(`/api/podcasts/${podcast.id}`);
        return { response, ms: performance.now() - started };
      };
      expect((await read()).response.statusCode).toBe(200);

      const attackers = await Promise.all(Array.from({ length: ATTACKERS }, () => verifiedUser(t)));
      const imports = attackers.map((attacker, i) =>
        attacker.agent.post(
          '/api/podcasts:import',
          { rss_uri: `http://127.0.0.1:${port}/feed-${i}.xml` },
          { 'idempotency-key': `langsamer-import-${i}-0000` },
        ),
      );

      const settled: string[] = [];
      for (const answer of imports) void answer.then((r) => settled.push(`${r.statusCode} ${r.body}`));

      // As many imports wait for the feed as the pool has connections: were each holding one, the
      // pool would be gone now. (An import that answered before its feed did was refused.)
      await until(async () => arrived >= POOL || settled.length > 0);
      expect(settled).toEqual([]);
      const during = await read();
      expect(during.response.statusCode, during.response.body).toBe(200);
      expect(during.ms).toBeLessThan(1000);

      // All twelve reach the feed server (none waits for a connection), and none holds a transaction.
      await until(async () => arrived >= ATTACKERS || settled.length > 0, 100);
      expect(settled).toEqual([]);
      expect(await idleInTransaction()).toBe(0);
      const later = await read();
      expect(later.response.statusCode, later.response.body).toBe(200);
      expect(later.ms).toBeLessThan(1000);

      answerAll();
      for (const response of await Promise.all(imports)) expect(response.statusCode, response.body).toBe(201);
    },
  );
});
