// Prints what one Kompass-KI sweep costs at 1,000 / 10,000 / 50,000 podcasts (made through SQL,
// each with its owner and an experiment): with nothing due, with a hundredth due, and what the
// sweep before due times (every podcast evaluated) would take, extrapolated from 200 evaluations.
// Run: npx tsx tests/bench/tip-sweep.ts [sizes, comma-separated]   (BENCH_DATABASE_URL=postgres://…
// for PostgreSQL; a fresh database is made there). Loopback only.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { evaluateTips, sweepTips } from '../../src/server/engine/tips/evaluate-tips.ts';
import { loadConfig } from '../../src/server/config.ts';
import { freshPostgres } from '../server/helpers/test-app.ts';

const sizes = (process.argv[2] ?? '1000,10000,50000').split(',').map(Number);
const adminUrl = process.env.BENCH_DATABASE_URL;
const db = createDatabase({
  dataDir: mkdtempSync(join(tmpdir(), 'kompass-sweep-bench-')),
  databaseUrl: adminUrl ? await freshPostgres(adminUrl) : undefined,
});
await migrate(db);
const now = new Date();
const clock = { now: () => now };
const ctx = { db, clock, config: loadConfig({}) };
const at = now.toISOString();
const day = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);

await db
  .insertInto('practices')
  .values({
    id: 1,
    title: 'M',
    claim: 'c',
    teaser: 't',
    emoji: '1f3a4',
    area: 'growth',
    duration_days: 14,
    description: '',
    created_at: at,
    updated_at: at,
  })
  .execute();

/** Numbers from..to as a row source, in the engine's own way. */
const series = (from: number, to: number) =>
  db.engine === 'postgres'
    ? sql`SELECT i FROM generate_series(${from}::int, ${to}::int) AS s(i)`
    : sql`WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to}) SELECT i FROM s`;

async function grow(db: Database, from: number, to: number) {
  await sql`INSERT INTO users (email, password_hash, role, created_at, updated_at)
    SELECT 'u' || i || '@example.org', 'x', 'user', ${at}, ${at} FROM (${series(from, to)}) n`.execute(db);
  await sql`INSERT INTO podcasts (title, created_at, updated_at)
    SELECT 'Funk ' || i, ${at}, ${at} FROM (${series(from, to)}) n`.execute(db);
  await sql`INSERT INTO memberships (podcast_id, user_id, role, created_at)
    SELECT p.id, u.id, 'owner', ${at} FROM podcasts p JOIN users u ON u.email = 'u' || substr(p.title, 6) || '@example.org'
    WHERE p.id NOT IN (SELECT podcast_id FROM memberships)`.execute(db);
  await sql`INSERT INTO experiments (podcast_id, practice_id, title, starts_at, ends_at, created_at, updated_at)
    SELECT id, 1, 'Versuch', ${day(20)}, ${day(34)}, ${at}, ${at} FROM podcasts
    WHERE id NOT IN (SELECT podcast_id FROM experiments)`.execute(db);
  // Evaluated before: due some time in the next week (the trigger made them due now).
  await sql`UPDATE tip_schedule SET due_at = ${new Date(now.getTime() + 3_600_000).toISOString()}
    WHERE due_at = ''`.execute(db);
  // The planner's statistics after a bulk load (autovacuum would take a while to get there).
  await sql`ANALYZE`.execute(db);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(work: () => Promise<unknown>, rounds = 5) {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await work();
    ms.push(performance.now() - start);
  }
  return median(ms);
}

console.log(`tip sweep on ${db.engine}`);
console.log(
  'podcasts | nothing due (ms) | 1 % due, first evaluation (ms) | per due podcast (ms) | old sweep, all evaluated (s)',
);
let have = 0;
for (const size of sizes) {
  await grow(db, have + 1, size);
  have = size;
  const idle = await timed(() => sweepTips(ctx));
  const ids = await db.selectFrom('podcasts').select('id').orderBy('id').execute();
  const some = ids.filter((_, i) => i % 100 === 0).map((r) => r.id);
  await db.updateTable('tip_schedule').set({ due_at: '' }).where('podcast_id', 'in', some).execute();
  const start = performance.now();
  await sweepTips(ctx);
  const dueMs = performance.now() - start;
  const sample = ids.slice(-200).map((r) => r.id);
  // The second evaluation of a podcast, with nothing new to say: what the old sweep did for each.
  for (const id of sample) await evaluateTips(ctx, id);
  const sampleStart = performance.now();
  for (const id of sample) await evaluateTips(ctx, id);
  const perPodcast = (performance.now() - sampleStart) / sample.length;
  console.log(
    `${String(size).padStart(8)} | ${idle.toFixed(2).padStart(16)} | ${dueMs.toFixed(0).padStart(12)} | ${(dueMs / some.length).toFixed(2).padStart(20)} | ${((perPodcast * size) / 1000).toFixed(1)}`,
  );
}
await db.destroy();
