// A PostgreSQL that restarts, locks a table or is not there yet at start: the app answers 503
// with a German message meanwhile, keeps running, answers again by itself, and loses nothing.
//
// This suite starts (and stops, and restarts) a cluster of its own on port 55441 (or the next free one), whatever
// TEST_DATABASE_URL says, so it never stops the cluster other suites share. It runs once in
// `npm test`: in the first pass (tests/run.ts, SQLite); the PostgreSQL pass (TEST_DATABASE_URL
// set) skips it.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig, type DatabaseConfig } from '../../../src/server/config.ts';
import { startPostgres } from '../../postgres.ts';
import { createTestApp, freshPostgres } from '../helpers/test-app.ts';
import { expectOutage, logLines, podcastWithExperiment, until } from './fault-helpers.ts';
import { commentTexts, eventRows } from '../experiments/experiment-helpers.ts';

/** Small limits, so the suite needs no long waits: 3 connections, a lock waits 300 ms. */
const limits: DatabaseConfig = {
  statementTimeoutMs: 5_000,
  lockTimeoutMs: 300,
  acquireTimeoutMs: 3_000,
  poolSize: 3,
  startTimeoutMs: 0,
};

/** The PostgreSQL pass of `npm test` (TEST_DATABASE_URL set) skips this suite. */
const otherPass = Boolean(process.env.TEST_DATABASE_URL);

// A restart of the cluster takes seconds: the tests wait for states, under a generous limit.
describe.skipIf(otherPass)('PostgreSQL faults (a cluster of its own)', { timeout: 60_000 }, async () => {
  // A skipped describe's body still runs (to collect its tests): set nothing up then.
  if (otherPass) return void it.skip('runs in the first pass of npm test', () => {});
  const cluster = startPostgres(55441);
  afterAll(() => cluster.stop());
  const log = logLines();
  const t = await createTestApp({
    config: { databaseUrl: await freshPostgres(cluster.url), database: limits },
    logger: log.log,
  });
  const s = await podcastWithExperiment(t);

  it('a locked table: reads of other tables answer, writes to it answer 503 while the lock is held', async () => {
    const locker = new pg.Client({ connectionString: t.config.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE comments IN ACCESS EXCLUSIVE MODE');
      // Twice as many writes as the pool has connections, and a read among them.
      const writes = Array.from({ length: 2 * limits.poolSize }, (_, i) => s.comment(`Gesperrt ${i}`));
      const read = s.read();
      for (const write of await Promise.all(writes)) expectOutage(write, 'unavailable');
      expect((await read).statusCode).toBe(200);
      // Everything above answered while the lock was still held: by the timeout, not by a release.
      const held = await locker.query(
        `SELECT count(*) AS n FROM pg_locks WHERE relation = 'comments'::regclass AND mode = 'AccessExclusiveLock' AND granted`,
      );
      expect(Number(held.rows[0].n)).toBe(1);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await s.comment('Wieder frei')).statusCode).toBe(201);
  });

  it('a restart: 503 while it is down, answers by itself when back, nothing acknowledged lost, workers resume', async () => {
    const before = await s.comment('Vor dem Neustart');
    expect(before.statusCode).toBe(201);
    cluster.halt();
    try {
      expectOutage(await s.read(), 'unavailable');
      expectOutage(
        await s.comment('Während des Ausfalls', { 'idempotency-key': 'ausfall-kommentar-1' }),
        'unavailable',
      );
      expect((await t.agent().get('/healthz')).statusCode).toBe(200);
      expectOutage(await t.agent().get('/readyz'), 'unavailable');
    } finally {
      cluster.resume();
    }
    await until(async () => (await s.read()).statusCode === 200);
    expect((await t.agent().get('/readyz')).statusCode).toBe(200);
    // The write refused during the outage goes through with its key now, once.
    const retried = await s.comment('Während des Ausfalls', { 'idempotency-key': 'ausfall-kommentar-1' });
    expect(retried.statusCode).toBe(201);
    const contents = await commentTexts(t, s.experiment.id);
    expect(contents.filter((c) => c === 'Vor dem Neustart')).toHaveLength(1);
    expect(contents.filter((c) => c === 'Während des Ausfalls')).toHaveLength(1);
    // The mail worker lived through it: a registration's mail goes out through it (no drain here).
    const email = `nach-neustart-${Date.now()}@example.org`;
    const agent = t.agent();
    await agent.csrf();
    const registered = await agent.post('/api/account', {
      email,
      password: 'ein-langes-passwort',
      password_confirmation: 'ein-langes-passwort',
      terms: true,
      privacy: true,
    });
    expect(registered.statusCode).toBe(201);
    await until(async () => t.smtp.mails.some((mail) => mail.to.includes(email)));
    // The outage was logged as one line naming its cause, not one per request.
    const outage = log.errors().filter((line) => line.msg.startsWith('the database is unavailable'));
    expect(outage).toHaveLength(1);
    expect(log.lines.some((line) => line.msg.startsWith('the database is reachable again'))).toBe(true);
  });

  it('a write the outage cut off after its key was claimed: the retry with the key goes through once', async () => {
    // Locks wait long here, so the cluster can stop while the write waits for the lock.
    const patient = { ...limits, lockTimeoutMs: 30_000, statementTimeoutMs: 30_000 };
    const c = await createTestApp({
      config: { databaseUrl: await freshPostgres(cluster.url), database: patient },
    });
    const w = await podcastWithExperiment(c);
    const keyRows = async (key: string) =>
      (await c.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute()).length;
    /** Holds the write `send` makes on `lock`, stops the cluster while it waits: the outage's 503. */
    async function cutOff<T extends { statusCode: number }>(
      lock: string,
      send: () => Promise<T>,
      claimed: () => Promise<boolean>,
    ) {
      const locker = new pg.Client({ connectionString: c.config.databaseUrl });
      await locker.connect();
      locker.on('error', () => {}); // the halt below ends it
      await locker.query('BEGIN');
      await locker.query(lock);
      const cut = send();
      await until(claimed);
      try {
        cluster.halt();
        expectOutage((await cut) as never, 'unavailable');
      } finally {
        cluster.resume();
      }
    }

    // An experiment's form: its key is claimed and committed on its own, then the write waits for
    // the experiment's row. Retried as soon as the database is back: the process that claimed the
    // key frees it first (not a 503 or 409 until its background retry, every 500 ms, or the
    // running timeout).
    const form = {
      title: 'Abgerissen',
      starts_at: w.experiment.starts_at,
      ends_at: w.experiment.ends_at,
      notes: null,
    };
    const edit = () =>
      w.owner.agent.put(`/api/experiments/${w.experiment.id}`, form, { 'idempotency-key': 'abgerissen-1' });
    await cutOff(
      `SELECT id FROM experiments WHERE id = ${Number(w.experiment.id)} FOR UPDATE`,
      edit,
      async () => (await keyRows('abgerissen-1')) === 1,
    );
    expect((await edit()).statusCode).toBe(200);
    expect((await edit()).headers['idempotent-replayed']).toBe('true');
    const updates = (await eventRows(c, w.experiment.id)).filter((e) => e.event_type === 'updated');
    expect(updates).toHaveLength(1);

    // A comment, answered by its write: its key is claimed in the write's transaction, so the cut
    // connection took the claim with it; the retry goes through once all the same.
    const key = { 'idempotency-key': 'abgerissen-2' };
    const waiting = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(
          c.db,
        )
      ).rows[0]!.n > 0;
    await cutOff(
      'LOCK TABLE comments IN ACCESS EXCLUSIVE MODE',
      () => w.comment('Abgerissen', key),
      async () => (await waiting()) && (await keyRows('abgerissen-2')) === 0,
    );
    const retried = await w.comment('Abgerissen', key);
    expect(retried.statusCode).toBe(201);
    expect((await w.comment('Abgerissen', key)).headers['idempotent-replayed']).toBe('true');
    const stored = await c.db
      .selectFrom('comments')
      .select('id')
      .where('content', '=', 'Abgerissen')
      .execute();
    expect(stored).toHaveLength(1);

    // A key another process claimed before the outage and has not freed yet: 503 with Retry-After
    // (the outage's answer, retried by clients), not 409.
    const now = c.clock.now().getTime();
    const body = { content: 'Anderswo abgerissen' };
    await c.db
      .insertInto('idempotency_keys')
      .values({
        scope: `u:${w.owner.id}`,
        key: 'anderswo-1',
        request: `POST /api/experiments/${w.experiment.id}/comments`,
        body_hash: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
        state: 'running',
        holder: 'ein-anderer-prozess',
        created_at: now,
        locked_until: now + 60_000,
        expires_at: now + 86_400_000,
      })
      .execute();
    expectOutage(await w.comment(body.content, { 'idempotency-key': 'anderswo-1' }), 'unavailable');
  });

  it('starts while the database is down: waits, says so, and starts when it is back', async () => {
    const log = logLines();
    const databaseUrl = await freshPostgres(cluster.url);
    cluster.halt();
    let started;
    try {
      started = createTestApp({ config: { databaseUrl, database: limits }, logger: log.log });
      await until(async () => log.lines.some((line) => line.msg.startsWith('waiting for the database')));
    } finally {
      cluster.resume();
    }
    const late = await started;
    expect((await late.agent().get('/readyz')).statusCode).toBe(200);
  });

  it('gives up starting after DB_START_TIMEOUT, with one clear error', async () => {
    const databaseUrl = await freshPostgres(cluster.url);
    cluster.halt();
    try {
      const config = {
        ...loadConfig({}),
        dataDir: mkdtempSync(join(tmpdir(), 'kompass-start-')),
        databaseUrl,
        database: { ...limits, startTimeoutMs: 500 },
      };
      await expect(buildApp(config, { logger: false })).rejects.toThrow(/DB_START_TIMEOUT \(0\.5 s\)/);
    } finally {
      cluster.resume();
    }
  });
});
