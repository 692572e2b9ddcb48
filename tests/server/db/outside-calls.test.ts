// No call to another service inside a transaction (db/transaction-scope.ts): routes made
// for this test write and fetch a feed from a loopback server in every order. A fetch inside a
// handler's transaction (withTx), or inside a keyed request's transaction once it wrote
// (PostgreSQL), is refused before it connects (a withTx outside a keyed request in dev and test
// only: transaction-scope.ts watchEveryTransaction): 500, nothing written, even when the route swallows
// the error; fetched first and written after, or written outside the request, it answers.
// And every client of another service in src/server goes through the refusal.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withTx, type Db } from '../../../src/server/db/database.ts';
import { outsideRequest } from '../../../src/server/db/transaction-scope.ts';
import { readArtwork } from '../../../src/server/feeds/artwork.ts';
import { readFeed } from '../../../src/server/feeds/feed-import.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startFeedServer, type FeedServer } from '../feeds/feed-server.ts';

const FEED = `<rss version="2.0"><channel><title>Ein Feed</title><image><url>{{ORIGIN}}/cover.png</url></image>
<item><title>Folge 1</title><guid>f-1</guid></item></channel></rss>`;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let server: FeedServer;
let agent: Agent;

const body = z.object({ key: z.string() });
type Step = (db: Db, key: string) => Promise<unknown>;
const write: Step = (db, key) => db.insertInto('throttles').values({ key, hits: 1, reset_at: 0 }).execute();
const fetchFeed = () => readFeed(t.config.feeds, server.url('/feed.xml'));

/** The test routes: each runs its steps in order and answers 201. */
const routes: Record<string, (key: string) => Promise<unknown>> = {
  'write-then-fetch': async (key) => {
    await write(t.db, key);
    await fetchFeed();
  },
  'fetch-in-tx': (key) =>
    withTx(t.db, async (tx) => {
      await write(tx, key);
      await fetchFeed();
    }),
  // readArtwork swallows every error (a cover that cannot be read is a finding, not a failure).
  'swallowed-in-tx': (key) =>
    withTx(t.db, async (tx) => {
      await write(tx, key);
      await readArtwork(t.config.feeds, server.url('/cover.png'));
    }),
  'write-then-swallowed': async (key) => {
    await write(t.db, key);
    await readArtwork(t.config.feeds, server.url('/cover.png'));
  },
  // A unit of work (database.ts `write`): on SQLite a savepoint of the turn's shared transaction.
  'fetch-in-unit': (key) =>
    t.db.write(async (tx) => {
      await write(tx, key);
      await fetchFeed();
    }),
  'fetch-then-write': async (key) => {
    await fetchFeed();
    await withTx(t.db, (tx) => write(tx, key));
  },
  'outside-then-fetch': async (key) => {
    await outsideRequest(() => write(t.db, key));
    await fetchFeed();
  },
};

beforeAll(async () => {
  server = await startFeedServer();
  server.feed('/feed.xml', FEED);
  const defaults = loadConfig({});
  t = await createTestApp({
    config: {
      feeds: { ...defaults.feeds, allowedHosts: [new URL(server.origin).host], onlyAllowedHosts: true },
    },
  });
  for (const [name, steps] of Object.entries(routes)) {
    t.app.post(`/api/test/${name}`, { schema: { body } }, async (request, reply) => {
      await steps((request.body as z.infer<typeof body>).key);
      return reply.status(201).send({ ok: true });
    });
  }
  agent = (await verifiedUser(t)).agent;
});

let n = 0;
/** Calls the route; its answer's status, whether its row is there, and whether the server was reached. */
async function call(route: keyof typeof routes, idempotencyKey?: boolean) {
  const key = `outside-call-${route}-${++n}`;
  const hits = server.hits;
  const response = await agent.post(
    `/api/test/${route}`,
    { key },
    idempotencyKey ? { 'idempotency-key': `${key}-schluessel` } : undefined,
  );
  const row = await t.db.selectFrom('throttles').select('key').where('key', '=', key).executeTakeFirst();
  return { status: response.statusCode, written: row !== undefined, reached: server.hits > hits };
}

describe('a call to another service inside a transaction', () => {
  it("inside a handler's transaction: refused before connecting, 500, nothing written", async () => {
    for (const idempotencyKey of [false, true]) {
      expect(await call('fetch-in-tx', idempotencyKey)).toEqual({
        status: 500,
        written: false,
        reached: false,
      });
    }
  });

  it('inside a unit of work that holds a transaction: refused, 500, nothing written', async () => {
    // On PostgreSQL without a key a unit's statements commit one by one: no transaction is held.
    const held = postgres ? [true] : [false, true];
    for (const idempotencyKey of held) {
      expect(await call('fetch-in-unit', idempotencyKey)).toEqual({
        status: 500,
        written: false,
        reached: false,
      });
    }
  });

  it('refused also when the route swallows the error', async () => {
    expect(await call('swallowed-in-tx')).toEqual({ status: 500, written: false, reached: false });
  });

  it.runIf(postgres)(
    "after a keyed request's first write (its transaction holds a connection): refused, 500, nothing written",
    async () => {
      expect(await call('write-then-fetch', true)).toEqual({ status: 500, written: false, reached: false });
      expect(await call('write-then-swallowed', true)).toEqual({
        status: 500,
        written: false,
        reached: false,
      });
    },
  );

  it('without a transaction holding a connection the same routes answer (no key; SQLite keeps no request transaction)', async () => {
    expect(await call('write-then-fetch')).toEqual({ status: 201, written: true, reached: true });
    if (!postgres) {
      expect(await call('write-then-fetch', true)).toEqual({ status: 201, written: true, reached: true });
    }
  });

  it('fetched first and written after, or written outside the request: answered, written once', async () => {
    for (const idempotencyKey of [false, true]) {
      expect(await call('fetch-then-write', idempotencyKey)).toEqual({
        status: 201,
        written: true,
        reached: true,
      });
      expect(await call('outside-then-fetch', idempotencyKey)).toEqual({
        status: 201,
        written: true,
        reached: true,
      });
    }
  });
});

describe('every client of another service', () => {
  // What opens a connection to another service: the global fetch, node's http(s) clients,
  // nodemailer, raw sockets. A file that does must call the refusal (or checkedTarget, which does).
  const connects = [
    /(?<![\w.$])fetch\s*\(/,
    /\b(?:https?|client)\.(?:request|get)\s*\(/,
    /\bcreateTransport\s*\(/,
    /\b(?:net|tls)\.connect\s*\(/,
    /\bsendNotification\s*\(/,
  ];
  const root = join(import.meta.dirname, '../../../src/server');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? [join(dir, entry.name)]
          : [],
    );

  it('goes through refuseInTransaction', () => {
    const code = (file: string) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
    const clients = files(root).filter((file) => {
      const text = code(file);
      // A local function named fetch (audience-job.ts) is no network call.
      const own = /\b(?:const|let|function)\s+fetch\b/.test(text);
      return connects.some((pattern) =>
        pattern.source.includes('fetch') && own ? false : pattern.test(text),
      );
    });
    expect(clients.length).toBeGreaterThanOrEqual(5);
    const unguarded = clients.filter((file) => !/\b(?:refuseInTransaction|checkedTarget)\(/.test(code(file)));
    expect(unguarded.map((file) => relative(root, file))).toEqual([]);
  });
});
