// A write whose answer could not be stored because the database went away between the two (a
// failover, a restart): the client hears 503 and sends the same key again, and must never get the
// write done a second time. PostgreSQL only. Since 2026-12-01 the write and its answer are one
// transaction there (db/request-transaction.ts): the connection lost while storing the answer
// takes the write with it, and the retry writes once. (A commit lost in doubt:
// idempotency-in-doubt.test.ts.)
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectOutage, podcastWithExperiment, until } from '../faults/fault-helpers.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('a lost connection after the write, before its answer is stored', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof podcastWithExperiment>>;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    s = await podcastWithExperiment(t);
    admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    // The next statement that stores a key's answer loses its connection (once: a sequence is
    // not rolled back), as when the primary dies right after the write's commit.
    await admin.query(`
      CREATE SEQUENCE answer_fault;
      CREATE FUNCTION answer_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.state = 'done' AND nextval('answer_fault') = 1 THEN
          PERFORM pg_terminate_backend(pg_backend_pid());
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER answer_fault BEFORE UPDATE ON idempotency_keys
        FOR EACH ROW EXECUTE FUNCTION answer_fault();`);
  });
  afterAll(async () => {
    await admin?.end();
    await t?.app.close();
  });

  const stored = async (content: string) =>
    Number((await admin.query('SELECT count(*) AS n FROM comments WHERE content = $1', [content])).rows[0].n);

  it('answers 503 and writes nothing, then the retry with the same key writes once', async () => {
    const headers = { 'idempotency-key': 'nach-dem-schreiben-verloren' };
    const first = await s.comment('Einmal gespeichert', headers);
    expectOutage(first, 'unavailable');
    expect(await stored('Einmal gespeichert')).toBe(0);

    // Sent again with the same key, as the PWA's outbox does: 503 or 409 until the key is freed,
    // then the write, then its answer replayed. Never a second comment.
    let again = await s.comment('Einmal gespeichert', headers);
    await until(async () => {
      if (again.statusCode === 201) return true;
      expect([503, 409], again.body).toContain(again.statusCode);
      again = await s.comment('Einmal gespeichert', headers);
      return again.statusCode === 201;
    });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json()).toMatchObject({ data: { content: 'Einmal gespeichert' } });
    expect(await stored('Einmal gespeichert')).toBe(1);
    const replayed = await s.comment('Einmal gespeichert', headers);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await stored('Einmal gespeichert')).toBe(1);
    // The app goes on writing.
    expect((await s.comment('Danach')).statusCode).toBe(201);
  });
});
