// Prints what the podcast guard's lookup costs per request (µs/op, median of 5 interleaved
// rounds), for a podcast id and for a child's id (an experiment, a step), on SQLite or PostgreSQL,
// beside the lookup it replaced (the plan's correlated subqueries, and a child's row
// read first): the old way is kept here as the baseline of the same run.
// Run: npx tsx tests/bench/guard-query.ts [rounds of 2000]   (BENCH_DATABASE_URL=postgres://… for
// PostgreSQL; a fresh database is made there). Loopback only.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { guardLookup } from '../../src/server/access/guard.ts';
import { planColumns } from '../../src/server/access/plan.ts';
import type { SessionUser } from '../../src/server/access/session.ts';
import { freshPostgres } from '../server/helpers/test-app.ts';

const perRound = Number(process.argv[2] ?? 2000);
const adminUrl = process.env.BENCH_DATABASE_URL;
const db = createDatabase({
  dataDir: mkdtempSync(join(tmpdir(), 'kompass-guard-bench-')),
  databaseUrl: adminUrl ? await freshPostgres(adminUrl) : undefined,
});
await migrate(db);
const at = new Date().toISOString();
// Some bulk so that a missing index shows: 300 podcasts of 300 users, each with an experiment.
let user: SessionUser | undefined;
let podcastId = 0;
let experimentId = 0;
let stepId = 0;
await db
  .insertInto('practices')
  .values({
    id: 1,
    title: 'M',
    claim: 'c',
    teaser: 't',
    emoji: '1f3a4',
    area: 'growth',
    duration_days: 7,
    description: '',
    created_at: at,
    updated_at: at,
  })
  .execute();
for (let i = 0; i < 300; i++) {
  const u = await db
    .insertInto('users')
    .values({
      email: `u${i}@example.org`,
      password_hash: 'x',
      role: 'user',
      email_verified_at: at,
      created_at: at,
      updated_at: at,
      name: null,
      image_id: null,
      steady_user_email: null,
      pending_email: null,
      podcast_title: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const p = await db
    .insertInto('podcasts')
    .values({ title: `P${i}`, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values({ podcast_id: p.id, user_id: u.id, role: 'owner', active: 1, created_at: at })
    .execute();
  const e = await db
    .insertInto('experiments')
    .values({
      podcast_id: p.id,
      practice_id: 1,
      user_id: u.id,
      title: 'E',
      starts_at: '2026-01-01',
      ends_at: '2026-01-09',
      notes: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s = await db
    .insertInto('experiment_actions')
    .values({ experiment_id: e.id, position: 0, description: 'S', link_target: null, link_label: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (i === 150) {
    user = u as SessionUser;
    podcastId = p.id;
    experimentId = e.id;
    stepId = s.id;
  }
}

const now = new Date();
/** Before (2026-11-26): the child's row, then the podcast with the plan as correlated subqueries. */
async function oldLookup(kind: 'podcast' | 'experiment' | 'action', id: number) {
  let podcast = id;
  if (kind !== 'podcast') {
    const experiment =
      kind === 'action'
        ? (
            await db
              .selectFrom('experiment_actions')
              .select('experiment_id')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).experiment_id
        : id;
    podcast = (
      await db
        .selectFrom('experiments')
        .select(['id', 'podcast_id', 'title', 'starts_at', 'ends_at', 'notes'])
        .where('id', '=', experiment)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).podcast_id;
  }
  return db
    .selectFrom('podcasts')
    .innerJoin('memberships', 'memberships.podcast_id', 'podcasts.id')
    .selectAll('podcasts')
    .select(['memberships.id as membership_id', 'memberships.role as member_role'])
    .select(planColumns(now))
    .where('podcasts.id', '=', podcast)
    .where('memberships.user_id', '=', user!.id)
    .where('memberships.active', '=', 1)
    .executeTakeFirstOrThrow();
}
const ids = { podcast: podcastId, experiment: experimentId, action: stepId };
const rule = { action: 'experiments.update', plan: 'pro' } as const;
console.log(`guard lookup on ${db.engine}, µs per lookup (median of 5 interleaved rounds of ${perRound})`);
for (const kind of ['podcast', 'experiment', 'action'] as const) {
  const runs = {
    before: () => oldLookup(kind, ids[kind]),
    after: () => guardLookup(db, now, user!, kind, ids[kind], rule),
  };
  const rounds: Record<string, number[]> = { before: [], after: [] };
  for (const run of Object.values(runs)) for (let i = 0; i < 200; i++) await run();
  for (let r = 0; r < 5; r++) {
    for (const [name, run] of Object.entries(runs)) {
      const start = performance.now();
      for (let i = 0; i < perRound; i++) await run();
      rounds[name]!.push(((performance.now() - start) * 1000) / perRound);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  console.log(
    `${kind.padEnd(11)} before ${median(rounds.before!).toFixed(0)} µs (${range(rounds.before!)})  ` +
      `after ${median(rounds.after!).toFixed(0)} µs (${range(rounds.after!)})  ` +
      `ratio ${(median(rounds.after!) / median(rounds.before!)).toFixed(2)}`,
  );
}
await db.destroy();
