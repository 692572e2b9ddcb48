// Prints what the Feed-Check job's read costs with nothing due, at 1,000 / 20,000 / 50,000 podcasts
// with a feed (made through SQL, five reports each, every one checked an hour ago): the read by the
// due index (feed-check-schedule.ts) beside the read before due times (every podcast's reports
// grouped to find the ones older than a day), medians of seven, and their ratio.
// Run: npx tsx tests/bench/feed-check-due.ts [sizes, comma-separated]   (BENCH_DATABASE_URL=postgres://…
// for PostgreSQL; a fresh database is made there). Loopback only.
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { dueChecksQuery, nextCheckAt } from '../../src/server/feed-check/feed-check-schedule.ts';
import { freshPostgres } from '../server/helpers/test-app.ts';

const sizes = (process.argv[2] ?? '1000,20000,50000').split(',').map(Number);
const adminUrl = process.env.BENCH_DATABASE_URL;
const now = new Date();
const at = now.toISOString();
const DAY = 86_400_000;

async function measure(n: number) {
  const db = createDatabase({
    dataDir: mkdtempSync(join(tmpdir(), 'kompass-feed-check-bench-')),
    databaseUrl: adminUrl ? await freshPostgres(adminUrl) : undefined,
  });
  await migrate(db);
  const series =
    db.engine === 'postgres'
      ? sql`SELECT i FROM generate_series(1, ${n}::int) AS s(i)`
      : sql`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) SELECT i FROM s`;
  await sql`INSERT INTO podcasts (title, rss_uri, created_at, updated_at)
    SELECT 'P' || i, 'http://127.0.0.1:9/' || i, ${at}, ${at} FROM (${series}) x`.execute(db);
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  await sql`INSERT INTO feed_checks (podcast_id, checked_at, findings, rhythm)
    SELECT p.id, ${hourAgo}, '[]', '{}' FROM podcasts p CROSS JOIN (SELECT 1 AS k UNION ALL SELECT 2
    UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5) d`.execute(db);
  // Each checked an hour ago: next due at its own time (what storeFeedCheck writes).
  for (const { id } of await db.selectFrom('podcasts').select('id').execute()) {
    const due_at = nextCheckAt(id, new Date(now.getTime() - 3_600_000));
    await db.updateTable('feed_check_schedule').set({ due_at }).where('podcast_id', '=', id).execute();
  }
  if (db.engine === 'postgres') await sql`ANALYZE`.execute(db);

  const dayAgo = new Date(now.getTime() - DAY).toISOString();
  const before = () =>
    db
      .selectFrom('podcasts as p')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('feed_checks')
            .select((e) => ['podcast_id', e.fn.max('checked_at').as('last')])
            .groupBy('podcast_id')
            .as('c'),
        (join) => join.onRef('c.podcast_id', '=', 'p.id'),
      )
      .select(['p.id', 'p.rss_uri'])
      .where('p.rss_uri', 'is not', null)
      .where((eb) => eb.or([eb('c.last', 'is', null), eb('c.last', '<', dayAgo)]))
      .orderBy('c.last')
      .limit(20)
      .execute();
  const due = () => dueChecksQuery(db, now, 200).execute();
  const median = async (read: () => Promise<unknown[]>) => {
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      if ((await read()).length > 0) throw new Error('something is due');
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[3]!;
  };
  const [old, indexed] = [await median(before), await median(due)];
  console.log(
    `${db.engine} ${n} podcasts, nothing due: by due index ${indexed.toFixed(3)} ms, before ${old.toFixed(2)} ms (${(old / indexed).toFixed(0)}×)`,
  );
  await db.destroy();
}

console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const n of sizes) await measure(n);
