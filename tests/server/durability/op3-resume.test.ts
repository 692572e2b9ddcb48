// An OP3 fetch killed with `kill -9` in the middle resumes after a restart from
// the cursor it stored, asking for no page it had stored and counting no download twice. The
// fetch runs inside a refresh with an Idempotency-Key, whose request transaction (PostgreSQL) must
// not hold the fetch's progress. Real server process, real HTTP on loopback, the OP3 fake.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/database.ts';
import { addDays } from '../../../src/shared/calendar.ts';
import { downloadsOn } from '../../support/fake-op3-data.ts';
import { FAKE_OP3_TOKEN, startFakeOp3 } from '../../support/fake-op3.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { freshPostgres } from '../helpers/test-app.ts';
import { Client, killHard, startServer, type ServerProcess } from './server-process.ts';

const SHOW = '5'.repeat(32);
const FEED = 'https://feeds.example.org/absturz.xml';
const PATH = `/downloads/show/${SHOW}`;
/** Pages answered before the fake holds the next one and the server is killed. */
const ANSWERED = 5;

const smtp = await startSmtp();
const fake = await startFakeOp3({ pageSize: 50 });
const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-op3-crash-'));
const databaseUrl = adminUrl ? await freshPostgres(adminUrl) : '';
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SMTP_URL: smtp.url,
  APP_URL: 'http://studio.test',
  FEED_ONLY_ALLOWED_HOSTS: '1',
  PUSH_ONLY_ALLOWED_HOSTS: '1',
  OP3_ONLY_ALLOWED_HOSTS: '1',
  ...fake.env(),
};
const servers: ServerProcess[] = [];
let db: ReturnType<typeof createDatabase> | undefined;
afterAll(async () => {
  for (const server of servers) await killHard(server);
  await db?.destroy();
  await smtp.close();
  await fake.close();
});

const today = new Date().toISOString().slice(0, 10);
const counts: Record<string, number> = {};
for (let i = 1; i <= 60; i++) counts[addDays(today, -i)] = 10 + ((i * 7) % 23);
fake.addShow({
  showUuid: SHOW,
  title: 'Absturz',
  feedUrl: FEED,
  episodes: [],
  downloads: Object.entries(counts).flatMap(([day, n]) => downloadsOn(day, n, 'x', 1)),
});
const pages = () => fake.requests.filter((r) => r.path === PATH);
const until = async (done: () => Promise<boolean> | boolean, what: string) => {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`waited 30 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

async function verifiedOwner(server: ServerProcess) {
  const client = new Client(server.url);
  const email = 'op3-absturz@example.org';
  await client.request('GET', '/sanctum/csrf-cookie');
  const registered = await client.request('POST', '/api/account', {
    email,
    password: 'ein-langes-passwort-zum-absturz',
    password_confirmation: 'ein-langes-passwort-zum-absturz',
    terms: true,
    privacy: true,
  });
  expect(registered.status, registered.text).toBe(201);
  const userId = (registered.json() as { data: { id: number } }).data.id;
  await until(() => smtp.mails.some((m) => m.to.includes(email)), 'the verification mail');
  const p = smtp.link(email, '/email').searchParams;
  const verified = await client.request(
    'GET',
    `/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`,
  );
  expect(verified.status, verified.text).toBe(200);
  return { client, userId };
}

describe(`an OP3 fetch killed mid-way (${adminUrl ? 'PostgreSQL' : 'SQLite WAL'})`, () => {
  it(
    'resumes from its stored cursor, without a page twice or a download counted twice',
    { timeout: 180_000 },
    async () => {
      const first = await startServer(env);
      servers.push(first);
      db = createDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
      const { client, userId } = await verifiedOwner(first);
      const now = new Date().toISOString();
      const podcast = await db
        .insertInto('podcasts')
        .values({ title: 'Absturz', rss_uri: FEED, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('memberships')
        .values({ podcast_id: podcast.id, user_id: userId, role: 'owner', active: 1, created_at: now })
        .execute();
      const source = () =>
        db!
          .selectFrom('audience_sources')
          .selectAll()
          .where('podcast_id', '=', podcast.id)
          .executeTakeFirst();

      // Connected; the backfill's first page fails, so the source waits with no day and no cursor.
      fake.fail('500', { times: 1, path: PATH });
      const connected = await client.request('POST', `/api/podcasts/${podcast.id}/audience-sources`, {
        type: 'op3',
        token: FAKE_OP3_TOKEN,
      });
      expect(connected.status, connected.text).toBe(201);
      await until(async () => (await source())?.failures === 1, 'the paused backfill');
      const { id } = (await source())!;

      // A keyed refresh reads ANSWERED pages; the next one is held, and the server is killed.
      const gate = fake.hold({ after: ANSWERED, path: PATH });
      const before = pages().length;
      const refresh = client
        .request('POST', `/api/podcasts/${podcast.id}/audience-sources/${id}:refresh`, undefined, {
          'idempotency-key': 'op3-absturz-refresh-0001',
        })
        .catch(() => undefined);
      await until(() => gate.held() > 0, 'the held page');
      await killHard(first);
      await refresh;
      gate.release();
      // The fake notes a request when it answers it: the held one once it is let go.
      await until(() => pages().length > before + ANSWERED, 'the held page let go');
      const answered = pages().slice(before, before + ANSWERED);
      const held = pages()[before + ANSWERED]!;
      expect(held.query.continuationToken).toBeDefined();
      const stored = (await source())!;
      expect(stored.cursor, 'the cursor stored before the kill').not.toBeNull();
      expect(JSON.parse(stored.cursor!)).toMatchObject({ token: held.query.continuationToken });

      // The dead process's lease on the source would lapse after 10 minutes; the test lets it lapse now.
      await db.deleteFrom('leases').where('name', '=', `audience-source:${id}`).execute();
      const second = await startServer(env, first.port);
      servers.push(second);
      const after = pages().length;
      const resumed = await client.request(
        'POST',
        `/api/podcasts/${podcast.id}/audience-sources/${id}:refresh`,
      );
      expect(resumed.status, resumed.text).toBe(200);
      expect(resumed.json()).toMatchObject({ data: { status: 'ok' } });
      const asked = pages().slice(after);
      expect(asked[0]!.query.continuationToken).toBe(held.query.continuationToken);
      const tokensBefore = new Set(answered.map((r) => r.query.continuationToken));
      expect(asked.filter((r) => tokensBefore.has(r.query.continuationToken))).toEqual([]);
      const days = await db
        .selectFrom('audience_days')
        .select(['day', 'downloads'])
        .where('source_id', '=', id)
        .execute();
      expect(Object.fromEntries(days.map((d) => [d.day, d.downloads]))).toEqual(counts);
      await killHard(second);
    },
  );
});
