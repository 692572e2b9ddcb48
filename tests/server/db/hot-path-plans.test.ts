// Every statement behind the app's screens and a user's writes (the ones tests/bench/api-targets.ts
// loads) and the tip evaluation uses an index: the statements the session ran are captured as
// they execute, and each one's plan (with the parameters it ran with) is read
// on a database holding a few thousand users, podcasts, experiments, comments, events and tips.
// A full scan of a table that grows with the users fails the test, naming the table and the
// statement. Both engines: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN (FORMAT JSON) with
// seq scans off (hot-path-engines.ts says why).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { evaluateTips } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { postgresPlans, sqlitePlans } from './hot-path-engines.ts';

/** Tables whose rows grow with users and their podcasts (content tables such as methods do not). */
const GROWING = new Set(
  `users sessions profiles images podcasts memberships invitations user_contexts podcast_objectives
  podcast_strategies podcast_stages podcast_milestones podcast_metrics experiments experiment_actions
  comments events assistances tip_schedule practice_bookmarks practice_rejections practice_applications
  practice_score_states feed_checks idempotency_keys push_queue mail_queue push_subscriptions
  audience_sources audience_days change_counts throttles contracts steady_accounts audit_log`.split(/\s+/),
);
const POPULATION = 3000;

let t: TestApp;
const engine = process.env.TEST_DATABASE_URL ? postgresPlans : sqlitePlans;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const at = t.clock.now().toISOString();
  const n = sql.raw(
    `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${POPULATION}) SELECT i FROM s`,
  );
  await sql`INSERT INTO users (email, password_hash, role, created_at, updated_at)
    SELECT 'pop' || i || '@example.org', 'x', 'user', ${at}, ${at} FROM (${n}) AS n`.execute(t.db);
  await sql`INSERT INTO podcasts (title, created_at, updated_at) SELECT 'Pop ' || i, ${at}, ${at} FROM (${n}) AS n`.execute(
    t.db,
  );
  await sql`INSERT INTO memberships (podcast_id, user_id, role, created_at)
    SELECT p.id, u.id, 'owner', ${at} FROM podcasts p JOIN users u ON u.email = 'pop' || substr(p.title, 5) || '@example.org'`.execute(
    t.db,
  );
  await sql`INSERT INTO experiments (podcast_id, practice_id, title, starts_at, ends_at, created_at, updated_at)
    SELECT id, (SELECT min(id) FROM practices), 'Pop', '2026-01-01', '2026-01-14', ${at}, ${at} FROM podcasts`.execute(
    t.db,
  );
  for (const table of ['comments', 'events'])
    await sql`INSERT INTO ${sql.table(table)} ${sql.raw(
      table === 'comments'
        ? `(experiment_id, user_id, content, created_at) SELECT id, NULL, 'x', '${at}' FROM experiments`
        : `(podcast_id, experiment_id, trackable_type, trackable_id, event_type, created_at) SELECT podcast_id, id, 'experiment', id, 'created', '${at}' FROM experiments`,
    )}`.execute(t.db);
  await sql`INSERT INTO assistances (podcast_id, rule, cause, subject, message, created_at)
    SELECT id, 'welcome', 'welcome', 'Hallo', 'Text', ${at} FROM podcasts`.execute(t.db);
  // Billing and devices too: on an empty table PostgreSQL's planner walks a whole index for a
  // merge join, which reads like a missing index.
  const pop = sql`FROM users WHERE email LIKE 'pop%'`;
  await sql`INSERT INTO steady_accounts (user_id, state, checked_at) SELECT id, 'none', ${at} ${pop}`.execute(
    t.db,
  );
  await sql`INSERT INTO contracts (podcast_id, user_id, created_at)
    SELECT m.podcast_id, m.user_id, ${at} FROM memberships m JOIN users u ON u.id = m.user_id AND u.email LIKE 'pop%'`.execute(
    t.db,
  );
  await sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at, updated_at)
    SELECT id, 'http://127.0.0.1:9/push/' || id, 'k', 'a', ${at}, ${at} ${pop}`.execute(t.db);
  // Not due for tips soon: the sweep before the capture evaluates the test's own podcast only
  // (the same statements, once instead of thousands of times).
  await sql`UPDATE tip_schedule SET due_at = '9999-12-31' WHERE podcast_id IN (SELECT id FROM podcasts WHERE title LIKE 'Pop %')`.execute(
    t.db,
  );
  await sql`ANALYZE`.execute(t.db);
  // SQLite: the plans as the app makes them after its next start, with stat1 alone (sqlite-stats.ts).
  if (t.db.engine === 'sqlite') {
    await sql`DELETE FROM sqlite_stat4`.execute(t.db);
    await sql`ANALYZE sqlite_schema`.execute(t.db);
  }
});

describe('the hot paths’ plans', { timeout: 120_000 }, () => {
  it('scan no table that grows with the users', async () => {
    const owner = await verifiedUser(t);
    const { agent } = owner;
    const categories = (await agent.get('/api/categories')).json().data as { id: number }[];
    const created = await agent.post('/api/podcasts', {
      title: 'Planfunk',
      category_id: [categories[0]!.id, categories[1]!.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const p = `/api/podcasts/${created.json().data.id}`;
    const practices = (await agent.get(`${p}/practices?order=advice`)).json().data as { id: number }[];
    const today = berlinDate(t.clock.now());
    const started = await agent.post(`${p}/experiments`, {
      practice_id: practices[0]!.id,
      starts_at: today,
      ends_at: addDays(today, 30),
    });
    expect(started.statusCode, started.body).toBe(201);
    const e = `/api/experiments/${started.json().data.id}`;
    const action = (started.json().data.actions as { id: number }[])[0]?.id;
    await t.jobs.tipSweep.runOnce();
    // A cursor of the account's list: the owner's oldest tip.
    const tip = ((await agent.get(`${p}/assistances`)).json().data as { id: number }[]).at(-1)!.id;

    const ran = await engine.capture(async () => {
      for (const path of [
        '/api/practices/1',
        '/api/account',
        '/api/account/context',
        p,
        `${p}/practices?order=advice`,
        `${p}/practices?order=latest`,
        `${p}/practices?order=money`,
        `${p}/practices?order=effort`,
        `${p}/practices/${practices[0]!.id}`,
        `${p}/experiments`,
        e,
        `${e}/events`,
        `${e}/events?before=1`,
        `${e}/comments`,
        `${e}/comments?before=1`,
        `${p}/assistances`,
        `${p}/assistances?before=1`,
        '/api/account/assistances',
        `/api/account/assistances?before=${tip}`,
      ])
        expect((await agent.get(path)).statusCode, path).toBe(200);
      if (action) {
        expect((await agent.post(`/api/experiments/actions/${action}`, { completed: true })).statusCode).toBe(
          200,
        );
        // With a key, as the app's outbox sends its writes: on PostgreSQL the claim's own statement.
        const keyed = { 'idempotency-key': 'hot-path-plans-step' };
        expect(
          (await agent.post(`/api/experiments/actions/${action}`, { completed: false }, keyed)).statusCode,
        ).toBe(200);
      }
      expect((await agent.post(`${e}/actions`, {})).statusCode).toBe(200);
      expect((await agent.post(`${e}/comments`, { content: 'Aufnahme steht' })).statusCode).toBe(201);
      expect((await agent.post(`${p}/bookmarks`, { practice_id: practices[1]!.id })).statusCode).toBeLessThan(
        300,
      );
      expect((await agent.post(`${p}/metrics`, { coverage: 120, throughput: 60 })).statusCode).toBe(201);
      await evaluateTips(t.ctx, created.json().data.id as number);
      await t.jobs.tipSweep.runOnce();
    });

    const distinct = [...new Map(ran.map((r) => [r.text, r])).values()];
    const found = await engine.scans(t, distinct, GROWING);
    expect(distinct.length).toBeGreaterThan(20);
    expect([...new Set(found)]).toEqual([]);
  });
});
