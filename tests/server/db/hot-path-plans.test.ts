// Every statement behind the app's screens and a user's writes (the ones tests/bench/api-targets.ts
// loads) and the tip evaluation uses an index: the statements the session ran are captured as
// they execute, and each one's plan (EXPLAIN QUERY PLAN, with the parameters it ran with) is read
// on a database holding a few thousand users, podcasts, experiments, comments, events and tips.
// A full scan of a table that grows with the users fails the test. SQLite; the PostgreSQL twin
// (EXPLAIN on a big database) is not written yet.
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { evaluateTips } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

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
const isSqlite = !process.env.TEST_DATABASE_URL;
beforeAll(async () => {
  if (!isSqlite) return;
  t = await createTestApp({ seed: true });
  const at = t.clock.now().toISOString();
  const n = sql.raw(
    `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${POPULATION}) SELECT i FROM s`,
  );
  await sql`INSERT INTO users (email, password_hash, role, created_at, updated_at)
    SELECT 'pop' || i || '@example.org', 'x', 'user', ${at}, ${at} FROM (${n})`.execute(t.db);
  await sql`INSERT INTO podcasts (title, created_at, updated_at) SELECT 'Pop ' || i, ${at}, ${at} FROM (${n})`.execute(
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
  await sql`ANALYZE`.execute(t.db);
});

type Ran = { text: string; parameters: unknown[] };

/** Records every statement the app's connections execute while `work` runs. */
async function capture(work: () => Promise<void>) {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
  probe.close();
  const ran: Ran[] = [];
  const originals = Object.fromEntries(['all', 'get', 'run', 'iterate'].map((m) => [m, proto[m]]));
  for (const [name, original] of Object.entries(originals)) {
    proto[name] = function (this: { source: string }, ...parameters: unknown[]) {
      ran.push({ text: this.source, parameters });
      return (original as (...a: unknown[]) => unknown).apply(this, parameters);
    };
  }
  try {
    await work();
  } finally {
    Object.assign(proto, originals);
  }
  return ran;
}

/** The full scans of growing tables in a statement's plan (aliases mapped to their tables). */
function scans(db: SQLite.Database, { text, parameters }: Ran) {
  if (!/^\s*(select|insert|update|delete|with)\b/i.test(text)) return [];
  const aliases = new Map<string, string>();
  for (const m of text.matchAll(/"(\w+)"\s+as\s+"(\w+)"/gi)) aliases.set(m[2]!, m[1]!);
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...parameters) as { detail: string }[];
  return plan
    .map((row) => /^SCAN (\w+)/.exec(row.detail)?.[1])
    .filter((name): name is string => name !== undefined && GROWING.has(aliases.get(name) ?? name))
    .map((name) => `${aliases.get(name) ?? name}: ${text}`);
}

(isSqlite ? describe : describe.skip)('the hot paths’ plans', { timeout: 120_000 }, () => {
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

    const ran = await capture(async () => {
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
        `${e}/comments`,
        `${p}/assistances`,
      ])
        expect((await agent.get(path)).statusCode, path).toBe(200);
      if (action)
        expect((await agent.post(`/api/experiments/actions/${action}`, { completed: true })).statusCode).toBe(
          200,
        );
      expect((await agent.post(`${e}/actions`, {})).statusCode).toBe(200);
      expect((await agent.post(`${e}/comments`, { content: 'Aufnahme steht' })).statusCode).toBe(201);
      expect((await agent.post(`${p}/bookmarks`, { practice_id: practices[1]!.id })).statusCode).toBeLessThan(
        300,
      );
      expect((await agent.post(`${p}/metrics`, { coverage: 120, throughput: 60 })).statusCode).toBe(201);
      await evaluateTips(t.ctx, created.json().data.id as number);
      await t.jobs.tipSweep.runOnce();
    });

    const db = new SQLite(join(t.config.dataDir, 'studio.sqlite'), { readonly: true });
    const distinct = [...new Map(ran.map((r) => [r.text, r])).values()];
    const found = distinct.flatMap((r) => scans(db, r));
    db.close();
    expect(distinct.length).toBeGreaterThan(20);
    expect([...new Set(found)]).toEqual([]);
  });
});
