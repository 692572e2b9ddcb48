// How many round trips to PostgreSQL a keyed write makes, counted on the wire (a loopback proxy,
// tests/support/pg-round-trips.ts), so none is added unnoticed: each costs a wait for the
// database and a socket write and read on both sides, and under load the writes' rate follows
// their count (tests/bench/api-throughput.ts). A step toggle and a comment with an
// Idempotency-Key are three, in one transaction: BEGIN with the session, access row and key's
// claim in one statement; the write; the key's answer with the COMMIT. A replay is two: the
// first, then the ROLLBACK that gives its connection back. A kept read is one. Deterministic: the
// statements are counted, not timed. PostgreSQL only (SQLite makes no round trips).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshPostgres, type TestApp } from '../helpers/test-app.ts';
import { ownerWithExperiment } from '../experiments/experiment-helpers.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { startRoundTripProxy } from '../../support/pg-round-trips.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('round trips of a keyed write on PostgreSQL', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startRoundTripProxy>>;
  let s: Awaited<ReturnType<typeof ownerWithExperiment>>;
  beforeAll(async () => {
    const url = new URL(await freshPostgres(adminUrl!));
    proxy = await startRoundTripProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    t = await createTestApp({
      // The tips' evaluation after a write runs later and on its own; not part of the request.
      config: { databaseUrl: proxied.toString(), tips: { ...loadConfig({}).tips, debounceMs: 3_600_000 } },
    });
    s = await ownerWithExperiment(t);
  });
  afterAll(async () => {
    await t?.app.close();
    await proxy?.close();
  });

  // The mail and push workers poll their queues every few seconds in every process: not the request's.
  const WORKERS = /\b(mail_queue|push_queue)\b/;
  /** The round trips `request` makes, as their SQL, shortened. */
  async function tripsOf(request: () => Promise<{ statusCode: number; body: string }>, status: number) {
    proxy.take();
    const response = await request();
    const { trips } = proxy.take();
    expect(response.statusCode, response.body).toBe(status);
    return trips.map((trip) => trip.sql).filter((sql) => !WORKERS.test(sql));
  }

  /** A round trip's SQL as its shape: what the tests below name. */
  const shapeOf = (sql: string) => {
    if (/^begin; with "lock" as .*"claim" as \(insert into "idempotency_keys".* from "sessions"/s.test(sql)) {
      return 'begin with session, access and claim';
    }
    if (/^update idempotency_keys set state = 'done'.*; commit$/s.test(sql)) return 'answer with commit';
    const write = /^(?:with "\w+" as \()?(update|insert|delete)/.exec(sql);
    return write ? write[1]! : sql.slice(0, 80);
  };
  const shapes = (trips: string[]) => trips.map(shapeOf);

  it('a step toggle: three', async () => {
    const step = s.experiment.actions[0]!.id;
    for (const [i, completed] of [true, false].entries()) {
      const trips = await tripsOf(
        () =>
          s.owner.agent.post(
            `/api/experiments/actions/${step}`,
            { completed },
            {
              'idempotency-key': `toggle-round-trips-${i}`,
            },
          ),
        200,
      );
      expect(shapes(trips)).toEqual(['begin with session, access and claim', 'update', 'answer with commit']);
    }
  });

  it('a comment: three', async () => {
    const trips = await tripsOf(
      () =>
        s.owner.agent.post(
          `/api/experiments/${s.experiment.id}/comments`,
          { content: 'Aufnahme steht' },
          { 'idempotency-key': 'comment-round-trips' },
        ),
      201,
    );
    expect(shapes(trips)).toEqual(['begin with session, access and claim', 'insert', 'answer with commit']);
  });

  it('the same key again: the replay, then the rollback', async () => {
    const step = s.experiment.actions[0]!.id;
    const trips = await tripsOf(
      () =>
        s.owner.agent.post(
          `/api/experiments/actions/${step}`,
          { completed: true },
          {
            'idempotency-key': 'toggle-round-trips-0',
          },
        ),
      200,
    );
    expect(shapes(trips)).toEqual(['begin with session, access and claim', 'rollback']);
  });

  it('a kept read: one', async () => {
    const list = `/api/podcasts/${s.podcast.id}/practices?order=advice`;
    // The first read ranks the methods and stores the ranking (a change of the podcast), the
    // second reads and keeps the answer, the third is answered from it after one statement.
    for (let i = 0; i < 2; i++) expect((await s.owner.agent.get(list)).statusCode).toBe(200);
    const trips = await tripsOf(() => s.owner.agent.get(list), 200);
    expect(trips.map((sql) => sql.slice(0, 60))).toHaveLength(1);
  });
});
