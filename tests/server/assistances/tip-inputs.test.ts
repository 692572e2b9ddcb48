// The writes whose podcast is not evaluated after them (NOT_TIP_INPUTS, engine/tips/evaluate-tips.ts:
// a step ticked, 'Alles erledigt', a comment) change no table an evaluation reads: each is run and
// the tables its statements write are compared with those an evaluation of the same podcast reads
// (captured as the app's connections execute them, both engines). And such a write leaves its
// podcast unevaluated, while a write the rules read (a bookmark) has it evaluated.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { evaluateTips, NOT_TIP_INPUTS } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { busyWait } from '../helpers/busy-wait.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { postgresPlans, sqlitePlans, type Ran } from '../db/hot-path-engines.ts';
import { addPractice, ownerWithExperiment } from '../experiments/experiment-helpers.ts';

const engine = process.env.TEST_DATABASE_URL ? postgresPlans : sqlitePlans;
// The request's own bookkeeping (session, key, throttles, the change counts), which no rule reads,
// and the queues the mail and push workers poll in every process (a capture hears them too).
const BOOKKEEPING = new Set([
  'sessions',
  'idempotency_keys',
  'throttles',
  'change_counts',
  'mail_queue',
  'push_queue',
]);

let t: TestApp;
let s: Awaited<ReturnType<typeof ownerWithExperiment>>;
let tables: Set<string>;
beforeAll(async () => {
  // Evaluations run only when the test drains the job.
  t = await createTestApp({ config: { tips: { ...loadConfig({}).tips, debounceMs: 3_600_000 } } });
  s = await ownerWithExperiment(t);
  const names =
    t.db.engine === 'postgres'
      ? sql<{
          name: string;
        }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`
      : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`;
  tables = new Set((await names.execute(t.db)).rows.map((r) => r.name));
});

/** The tables the statements name after `words` (a regular expression's alternatives). */
const named = (ran: Ran[], words: string) =>
  new Set(
    ran.flatMap(({ text }) =>
      [...text.matchAll(new RegExp(`\\b(?:${words})\\s+"?(\\w+)"?`, 'gi'))]
        .map((m) => m[1]!)
        .filter((name) => tables.has(name)),
    ),
  );
const writtenBy = (ran: Ran[]) => named(ran, 'insert\\s+into|update|delete\\s+from');
const readBy = (ran: Ran[]) => named(ran, 'from|join');

/** What the test sends for each route of NOT_TIP_INPUTS (a new one needs its request here). */
const samples: Record<string, () => Promise<{ statusCode: number; body: string }>> = {
  'POST /api/experiments/actions/:id': () =>
    s.owner.agent.post(`/api/experiments/actions/${s.experiment.actions[0]!.id}`, { completed: true }),
  'POST /api/experiments/:id/actions': () =>
    s.owner.agent.post(`/api/experiments/${s.experiment.id}/actions`, {}),
  'POST /api/experiments/:id/comments': () =>
    s.owner.agent.post(`/api/experiments/${s.experiment.id}/comments`, { content: 'Aufnahme steht' }),
};

const evaluatedAt = async () =>
  (
    await t.db
      .selectFrom('tip_schedule')
      .select('evaluated_at')
      .where('podcast_id', '=', s.podcast.id)
      .executeTakeFirstOrThrow()
  ).evaluated_at;

describe('writes that are no tip input', { timeout: 60_000 }, () => {
  it('write no table an evaluation of their podcast reads', async () => {
    // A bookmark and metrics first, so the evaluation reads what they feed too.
    const p = `/api/podcasts/${s.podcast.id}`;
    expect((await s.owner.agent.post(`${p}/bookmarks`, { practice_id: s.practice.id })).statusCode).toBe(201);
    expect((await s.owner.agent.post(`${p}/metrics`, { coverage: 120, throughput: 60 })).statusCode).toBe(
      201,
    );
    const read = readBy(await engine.capture(async () => void (await evaluateTips(t.ctx, s.podcast.id))));
    expect([...read]).toContain('experiments');
    for (const route of NOT_TIP_INPUTS) {
      expect(samples[route], `a sample request for ${route}`).toBeDefined();
      const routed = t.routes.some((r) => [r.method].flat().some((m) => `${m} ${r.url}` === route));
      expect(routed, `${route} is a route`).toBe(true);
      const ran = await engine.capture(async () => {
        const response = await samples[route]!();
        expect(response.statusCode, response.body).toBeLessThan(300);
      });
      const written = [...writtenBy(ran)].filter((table) => !BOOKKEEPING.has(table));
      expect(written.length, route).toBeGreaterThan(0);
      expect(
        written.filter((table) => read.has(table)),
        `${route} writes what the tips read`,
      ).toEqual([]);
    }
  });

  it('leave their podcast unevaluated; a bookmark has it evaluated', async () => {
    await t.jobs.tipSweep.runOnce();
    const before = await evaluatedAt();
    for (const route of NOT_TIP_INPUTS) expect((await samples[route]!()).statusCode).toBeLessThan(300);
    // A read after them: their answers (and the hooks after them) are done.
    expect((await s.owner.agent.get(`/api/experiments/${s.experiment.id}`)).statusCode).toBe(200);
    await t.jobs.tipSweep.runOnce();
    expect(await evaluatedAt()).toBe(before);

    const other = await addPractice(t, 'Newsletter zur Folge');
    const bookmark = await s.owner.agent.post(`/api/podcasts/${s.podcast.id}/bookmarks`, {
      practice_id: other.id,
    });
    expect(bookmark.statusCode, bookmark.body).toBeLessThan(300);
    await vi.waitFor(async () => {
      await t.jobs.tipSweep.runOnce();
      expect(await evaluatedAt()).toBeGreaterThan(before);
    }, busyWait);
  });
});
