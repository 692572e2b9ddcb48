// A write whose commit is in doubt: the connection dies right at the COMMIT of a write with an
// Idempotency-Key (a primary killed, a network cut), so the app cannot know whether it happened
// and answers 503. The client's retry with the same key must find the first answer when the
// commit happened, and write once when it did not; never twice. PostgreSQL only (SQLite has no
// connection to lose). A real proxy on loopback cuts the connection (tests/support/pg-cut-proxy.ts).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshPostgres, type TestApp } from '../helpers/test-app.ts';
import { expectOutage, podcastWithExperiment, until } from '../faults/fault-helpers.ts';
import { startCutProxy } from '../../support/pg-cut-proxy.ts';
import { form } from '../podcasts/podcast-helpers.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a write whose commit is in doubt', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof podcastWithExperiment>>;
  let proxy: Awaited<ReturnType<typeof startCutProxy>>;
  let direct: pg.Client;
  beforeAll(async () => {
    const url = new URL(await freshPostgres(adminUrl!));
    proxy = await startCutProxy({ host: url.hostname, port: Number(url.port || 5432) });
    direct = new pg.Client({ connectionString: url.toString() });
    await direct.connect();
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    t = await createTestApp({ config: { databaseUrl: proxied.toString() } });
    s = await podcastWithExperiment(t);
  });
  afterAll(async () => {
    await t?.app.close();
    await direct?.end();
    await proxy?.close();
  });

  /** How many comments with `content` PostgreSQL holds (asked past the proxy). */
  const stored = async (content: string) =>
    Number(
      (await direct.query('SELECT count(*) AS n FROM comments WHERE content = $1', [content])).rows[0].n,
    );

  // Quote and backslash: the answer is stored as literal SQL with the COMMIT (idempotency-statements.ts).
  const saved = "Gespeichert, aber keiner weiß es: O'Neill \\ C:\\Aufnahmen";

  it('committed, the acknowledgement lost: 503, then the first answer replayed; the comment is there once', async () => {
    const headers = { 'idempotency-key': 'commit-geschehen-antwort-verloren' };
    proxy.cutAt(saved, 'after-commit');
    const first = await s.comment(saved, headers);
    expect(proxy.cuts()).toBe(1);
    expectOutage(first, 'unavailable');
    expect(await stored(saved)).toBe(1);

    const again = await s.comment(saved, headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ data: { content: saved } });
    expect(await stored(saved)).toBe(1);
  });

  it('cut before the COMMIT reached PostgreSQL: 503, nothing written, then the retry writes it once', async () => {
    const headers = { 'idempotency-key': 'commit-nie-angekommen' };
    proxy.cutAt('Nie angekommen', 'before-commit');
    const first = await s.comment('Nie angekommen', headers);
    expect(proxy.cuts()).toBe(2);
    expectOutage(first, 'unavailable');
    expect(await stored('Nie angekommen')).toBe(0);

    // The key is freed once PostgreSQL has rolled the cut transaction back (a moment at most):
    // 503 or 409 until then, then the write, once.
    let again = await s.comment('Nie angekommen', headers);
    await until(async () => {
      if (again.statusCode !== 201) {
        expect([503, 409], again.body).toContain(again.statusCode);
        again = await s.comment('Nie angekommen', headers);
      }
      return again.statusCode === 201;
    });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored('Nie angekommen')).toBe(1);
    // Sent once more: now the replay of that answer.
    const third = await s.comment('Nie angekommen', headers);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(await stored('Nie angekommen')).toBe(1);
  });

  it('a route with its own transaction (a new podcast, its owner): committed, acknowledgement lost, replayed', async () => {
    // Its transaction is a savepoint of the request's; the key is claimed on its own (no podcast yet).
    const headers = { 'idempotency-key': 'neuer-podcast-commit-verloren' };
    proxy.cutAt('Podcast im Zweifel', 'after-commit');
    const first = await s.owner.agent.post('/api/podcasts', form({ title: 'Podcast im Zweifel' }), headers);
    expect(proxy.cuts()).toBe(3);
    expectOutage(first, 'unavailable');

    const again = await s.owner.agent.post('/api/podcasts', form({ title: 'Podcast im Zweifel' }), headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const podcasts = await direct.query('SELECT id FROM podcasts WHERE title = $1', ['Podcast im Zweifel']);
    expect(podcasts.rows).toHaveLength(1);
    const owners = await direct.query(
      "SELECT count(*) AS n FROM memberships WHERE podcast_id = $1 AND role = 'owner'",
      [podcasts.rows[0].id],
    );
    expect(Number(owners.rows[0].n)).toBe(1);
  });

  it('goes on writing after the cuts', async () => {
    expect((await s.comment('Danach', { 'idempotency-key': 'danach-weiter-schreiben' })).statusCode).toBe(
      201,
    );
    expect((await s.comment('Danach ohne Schlüssel')).statusCode).toBe(201);
  });
});
