// Prints, side by side in one run, a database of one podcast ("small") against one filled with a
// realistic population through SQL ("big", tests/support/population.ts; SCALE_PODCASTS, default
// 50,000, with twice as many users), on SQLite and PostgreSQL:
// - start: the server from the sources to its first answer on an already migrated and seeded
//   database, and the migrations' and seed's check alone, in this process (pairs, medians);
// - the reads behind the app's screens and a user's writes (api-targets.ts, on a new user's
//   podcast made through the API on each database): wrk pairs small/big, alternating which goes
//   first; ratio = big / small of the median pair (req/s, and p99 of the same pairs), and the CPU
//   per request (the server's, plus PostgreSQL's), which the machine's other load moves less;
// - the periodic jobs (data-scale-jobs.ts says how): a sweep with nothing due, and their CPU over
//   a simulated hour as a share of one core; the pooled effects' job with nothing new and after
//   k experiments finished anew (per finished experiment);
// - the database's size per 1,000 podcasts: (big − small) / (SCALE_PODCASTS / 1000).
// Run: npx tsx tests/bench/data-scale.ts [seconds per wrk run, default 5] [only targets containing
// one of these, comma-separated]
// BENCH_DB=sqlite,postgres (default both), BENCH_PAIRS (default 3), SCALE_PODCASTS;
// PostgreSQL: BENCH_DATABASE_URL (an admin URL; fresh databases are made there) or a throw-away
// cluster on BENCH_PG_PORT (default 55451). Loopback only.
// BENCH_KEEP_DIR=<folder>: each side is kept there (`<engine>-small`, `<engine>-big`: the SQLite
// file, or a `database-url` file naming the PostgreSQL database, which is then not dropped) and a
// later run with the same folder and SCALE_PODCASTS reuses it instead of filling anew (filling
// 50,000 podcasts takes minutes). It holds the earlier runs' writes; PostgreSQL needs
// BENCH_DATABASE_URL with it (a throw-away cluster goes with the run). BENCH_PARTS (default
// start,reads,jobs,hour,pooled,size; `hour`: the jobs' simulated hour): only these; `none` fills.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seed } from '../../src/server/db/seed/seed.ts';
import { runPooledEvidence } from '../../src/server/practices/pooled-job.ts';
import { startPostgres } from '../postgres.ts';
import { freshPostgres } from '../server/helpers/test-app.ts';
import { populate, reschedule } from '../support/population.ts';
import { freePort } from '../support/loopback-server.ts';
import { prepareTargets, type Target } from './api-targets.ts';
import { clusterCpu, measureJobs, measurePooled, postmasterOf } from './data-scale-jobs.ts';
import { wrk, type Result } from './wrk-run.ts';
import { serverEntry, serverEnv } from './support/bench-server.ts';

const seconds = Number(process.argv[2] ?? 5);
const only = process.argv[3] ?? '';
const pairs = Number(process.env.BENCH_PAIRS ?? 3);
const scale = Number(process.env.SCALE_PODCASTS ?? 50_000);
const parts = new Set((process.env.BENCH_PARTS ?? 'start,reads,jobs,hour,pooled,size').split(','));
const root = resolve(import.meta.dirname, '../..');
const keep = process.env.BENCH_KEEP_DIR ? resolve(process.env.BENCH_KEEP_DIR) : undefined;
const work = keep ?? mkdtempSync(join(tmpdir(), 'kompass-scale-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f = (x: number, digits = 0) => x.toFixed(digits);
const range = (xs: number[]) => `${f(Math.min(...xs), 2)}–${f(Math.max(...xs), 2)}`;

type Side = {
  name: 'small' | 'big';
  env: NodeJS.ProcessEnv;
  /** The filled podcasts' ids: first, first + 1, … (big only). */
  population?: { first: number; podcasts: number };
};

async function prepare(name: Side['name'], adminUrl?: string): Promise<Side> {
  const dataDir = keep
    ? join(keep, `${adminUrl ? 'postgres' : 'sqlite'}-${name}`)
    : mkdtempSync(join(work, `${name}-`));
  // What was filled: `<podcasts> <first podcast id>` (small: `1 0`).
  const filled = join(dataDir, 'filled');
  const urlFile = join(dataDir, 'database-url');
  const podcasts = name === 'big' ? scale : 1;
  const side = (databaseUrl: string | undefined, first: number): Side => ({
    name,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    population: name === 'big' ? { first, podcasts } : undefined,
  });
  const kept = keep && existsSync(filled) ? readFileSync(filled, 'utf8').split(' ').map(Number) : [];
  if (kept[0] === podcasts) {
    console.log(`  ${name}: reusing ${dataDir}`);
    const reused = side(adminUrl ? readFileSync(urlFile, 'utf8') : undefined, kept[1]!);
    await renew(reused);
    return reused;
  }
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = adminUrl ? await freshPostgres(adminUrl) : undefined;
  if (keep && databaseUrl) writeFileSync(urlFile, databaseUrl);
  const db = createDatabase({ dataDir, databaseUrl });
  await migrate(db);
  await seed(db);
  let first = 0;
  if (name === 'big') {
    const { m } = await db
      .selectFrom('podcasts')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirstOrThrow();
    first = Number(m ?? 0) + 1;
    const started = performance.now();
    const counts = await populate(db, {
      podcasts: scale,
      log: process.env.BENCH_VERBOSE ? (line) => console.log(`    ${line}`) : undefined,
    });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`  filled ${scale} podcasts, ${rows} rows in ${f((performance.now() - started) / 1000)} s`);
  }
  await db.destroy();
  if (keep) writeFileSync(filled, `${podcasts} ${first}`);
  const made = side(databaseUrl, first);
  await renew(made);
  return made;
}

/**
 * As if just filled: the population's due times written anew relative to now (a kept database's
 * are hours old, and what fell due meanwhile is no job's idle work), no job's lease held, and the pooled effects'
 * first run, as on a studio that runs the job (every method published, so the reads meet the
 * figures; a no-op where they are).
 */
async function renew(side: Side) {
  // The last run's mails: api-targets.ts follows the first link it finds for an address.
  rmSync(join(side.env.DATA_DIR!, 'mail'), { recursive: true, force: true });
  const db = createDatabase({ dataDir: side.env.DATA_DIR!, databaseUrl: side.env.DATABASE_URL });
  try {
    await migrate(db);
    // A kept database may hold the job leases of a run that was stopped (its jobs would not run),
    // the throttles of the last run's registrations and its accounts (api-targets.ts registers the
    // same addresses again: the old ones are renamed, their podcasts stay).
    await db.deleteFrom('leases').execute();
    await db.deleteFrom('throttles').execute();
    await db
      .updateTable('users')
      .set({ email: sql<string>`'old-' || id || '-' || email` })
      .where('email', 'like', 'bench%@example.org')
      .execute();
    if (side.population) await reschedule(db, side.population);
    await publishPooled(db);
  } finally {
    await db.destroy();
  }
}

/**
 * The big side's published pooled figures, copied to the small one, which has too few podcasts
 * for any: the method reads then answer the same methods on both, and their ratio is the
 * population's cost, not the size of the answer.
 */
async function samePooled(from: Side, to: Side) {
  const open = (side: Side) =>
    createDatabase({ dataDir: side.env.DATA_DIR!, databaseUrl: side.env.DATABASE_URL });
  const [source, target] = [open(from), open(to)];
  try {
    const states = await source.selectFrom('practice_pooled_states').selectAll().execute();
    const effects = await source.selectFrom('practice_pooled_effects').selectAll().execute();
    await target.deleteFrom('practice_pooled_effects').execute();
    await target.deleteFrom('practice_pooled_states').execute();
    for (let i = 0; i < states.length; i += 100)
      await target
        .insertInto('practice_pooled_states')
        .values(states.slice(i, i + 100))
        .execute();
    for (let i = 0; i < effects.length; i += 100)
      await target
        .insertInto('practice_pooled_effects')
        .values(effects.slice(i, i + 100))
        .execute();
  } finally {
    await Promise.all([source.destroy(), target.destroy()]);
  }
}

/** The pooled effects' first run where nothing is published yet. */
async function publishPooled(db: Database) {
  const { n } = await db
    .selectFrom('practice_pooled_states')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return;
  const started = performance.now();
  const methods = await runPooledEvidence(db, new Date());
  console.log(
    `  pooled effects published (${methods} methods) in ${f((performance.now() - started) / 1000, 1)} s`,
  );
}

/** The database's size as its engine counts it (SQLite: its pages, with those still in the WAL). */
async function bytes(side: Side) {
  const db = createDatabase({ dataDir: side.env.DATA_DIR!, databaseUrl: side.env.DATABASE_URL });
  const query = side.env.DATABASE_URL
    ? sql<{ size: number }>`SELECT pg_database_size(current_database()) AS size`
    : sql<{
        size: number;
      }>`SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()`;
  const { rows } = await query.execute(db);
  await db.destroy();
  return Number(rows[0]!.size);
}

/** The migrations' and seed's check on a database that has both, in this process. */
async function startCheck(side: Side) {
  const db = createDatabase({ dataDir: side.env.DATA_DIR!, databaseUrl: side.env.DATABASE_URL });
  const started = performance.now();
  await migrate(db);
  await seed(db);
  const ms = performance.now() - started;
  await db.destroy();
  return ms;
}

/** The server from the sources on the side's database; resolves at its first answer. */
async function serve(side: Side) {
  const port = await freePort();
  const out = openSync(join(side.env.DATA_DIR!, 'server.log'), 'a');
  const started = performance.now();
  const child = spawn(process.execPath, serverEntry(), {
    cwd: root,
    env: serverEnv(port, { CLIENT_DIR: '', ...side.env }),
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited, see ${side.env.DATA_DIR}/server.log`);
    if (
      await fetch(`${base}/sanctum/csrf-cookie`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, base, ms: performance.now() - started };
}
const stop = (child: ChildProcess) =>
  new Promise((done) =>
    child.exitCode !== null ? done(0) : (child.once('exit', done), child.kill('SIGTERM')),
  );

/** Start to first answer and the migrations' check, three times per side, alternating. */
async function startTimes(sides: Side[]) {
  const starts = { small: [] as number[], big: [] as number[] };
  const checks = { small: [] as number[], big: [] as number[] };
  for (let i = 0; i < 3; i++)
    for (const side of i % 2 ? [...sides].reverse() : sides) {
      const server = await serve(side);
      starts[side.name].push(server.ms);
      await stop(server.child);
      checks[side.name].push(await startCheck(side));
    }
  for (const [label, m] of [
    ['start to first answer', starts],
    ['migrations + seed check', checks],
  ] as const)
    console.log(
      `  ${label}: small ${f(median(m.small))} ms, big ${f(median(m.big))} ms, ratio ${f(median(m.big) / median(m.small), 2)} (goal ≤ 2)`,
    );
}

/**
 * A method's overview and the method list as their first screens read them beyond api-targets.ts
 * (src/shared/first-screens.ts: the method in the podcast's context, its collections, the similar
 * methods, and what other podcasts measured).
 */
function methodTargets(podcast: string, practice: number): Target[] {
  const context = podcast.split('/').at(-1);
  return [
    { name: 'GET pooled-effects', path: `${podcast}/pooled-effects` },
    { name: 'GET practice in context', path: `/api/practices/${practice}?context=${context}` },
    { name: 'GET compilations', path: `/api/practices/${practice}/compilations` },
    { name: 'GET similarities', path: `/api/practices/${practice}/similarities?context=${context}&limit=3` },
    { name: 'GET keywords', path: '/api/keywords' },
  ];
}

/** The API targets by wrk, small against big in alternating pairs. */
async function reads(sides: Side[], postmaster?: number) {
  const servers = await Promise.all(sides.map(serve));
  const prepared = await Promise.all(
    servers.map(async (s, i) => {
      const got = await prepareTargets(s.base, sides[i]!.env.DATA_DIR!);
      return { ...got, targets: [...got.targets, ...methodTargets(got.podcast, got.practice)] };
    }),
  );
  console.log(
    `  wrk -t2 -c32 -d${seconds}s, ${pairs} pairs; ratio = big / small (goals: req/s ≥ 0.8, p99 ≤ 1.5)`,
  );
  console.log(
    `  ${'target'.padEnd(24)}${['small/s', 'big/s', 'ratio', 'range', 'p99 s', 'p99 b', 'ratio', 'range', 'µs s', 'µs b', 'ratio', 'load'].map((h) => h.padStart(h === 'range' ? 11 : 8)).join('')}`,
  );
  for (const [t, target] of prepared[0]!.targets.entries()) {
    if (!only.split(',').some((o) => target.name.includes(o))) continue;
    const targetOf = (i: number) => prepared[i]!.targets[t]!;
    // CPU per request: the server's (wrk-run.ts) plus, on PostgreSQL, the database server's.
    const run = async (i: number, duration = seconds) => {
      const before = postmaster ? clusterCpu(postmaster) : 0;
      const result = await wrk(
        servers[i]!.base,
        targetOf(i),
        servers[i]!.child.pid!,
        prepared[i]!.session,
        duration,
      );
      const database = postmaster ? ((clusterCpu(postmaster) - before) / (result.rate * duration)) * 1e6 : 0;
      return { ...result, cpu: result.cpu + database };
    };
    for (const i of [0, 1]) {
      const warm = await run(i, 2);
      if (warm.errors) throw new Error(`${sides[i]!.name} ${target.name}: ${warm.errors} (see ${work})`);
    }
    const results: { small: Result; big: Result }[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 ? [1, 0] : [0, 1];
      const got: Result[] = [];
      for (const i of order) got[i] = await run(i);
      results.push({ small: got[0]!, big: got[1]! });
    }
    const rates = results.map((r) => r.big.rate / r.small.rate);
    const p99s = results.map((r) => r.big.p99ms / r.small.p99ms);
    const cpus = results.map((r) => r.big.cpu / r.small.cpu);
    const mid = results[rates.indexOf(median(rates))]!;
    const errors = results.flatMap((r) => [r.small.errors, r.big.errors]).filter(Boolean);
    console.log(
      `  ${target.name.padEnd(24)}${[f(mid.small.rate), f(mid.big.rate), f(median(rates), 2)].map((s) => s.padStart(8)).join('')}` +
        `${range(rates).padStart(11)}${[f(mid.small.p99ms, 1), f(mid.big.p99ms, 1), f(median(p99s), 2)].map((s) => s.padStart(8)).join('')}` +
        `${range(p99s).padStart(11)}${[f(median(results.map((r) => r.small.cpu))), f(median(results.map((r) => r.big.cpu))), f(median(cpus), 2)].map((s) => s.padStart(8)).join('')}` +
        `${f(loadavg()[0]!, 1).padStart(8)}${errors.length ? `  (${errors.join('; ')})` : ''}`,
    );
  }
  await Promise.all(servers.map((s) => stop(s.child)));
}

async function jobTimes(sides: Side[], postmaster?: number) {
  if (parts.has('jobs'))
    for (const side of sides) {
      // Nothing due: what fell due while the reads ran is no idle work.
      await renew(side);
      const jobs = await measureJobs(side.env, postmaster, { hour: parts.has('hour') });
      const each = Object.entries(jobs.perJobMs)
        .map(([name, ms]) => `${name} ${f(ms, 1)}`)
        .join(', ');
      console.log(
        `  jobs, ${side.name}: sweep with nothing due ${f(jobs.idleMs, 1)} ms (goal ≤ 1000; ${each} ms)` +
          (jobs.hour
            ? `; a simulated hour: ${jobs.hour.runs} runs, ${f(jobs.hour.hourCpu, 2)} s CPU in ${f(jobs.hour.hourWall / 1000, 1)} s, timers ${f(jobs.hour.timersCpu, 1)} s/h → ${f(jobs.hour.share * 100, 2)} % of a core (goal ≤ 5)` +
              (postmaster ? `; the database server idle: ${f(jobs.hour.serverIdle, 1)} s/h` : '')
            : ''),
      );
    }
  if (parts.has('pooled'))
    for (const side of sides) {
      const pooled = await measurePooled(side.env, postmaster);
      const per =
        pooled.finished
          .map(
            (r) =>
              `${r.k} finished anew (${r.methods} methods) ${f(r.ms)} ms, ${f(r.ms / r.k, 1)} ms and ${f(r.cpuMs / r.k, 1)} ms CPU per experiment`,
          )
          .join('; ') || 'nothing measured to finish anew';
      console.log(
        `  pooled effects, ${side.name} (${pooled.methods} methods measured): nothing new ${f(pooled.idle.ms, 1)} ms (${f(pooled.idle.cpuMs, 1)} ms CPU); ${per}`,
      );
    }
}

async function bench(engine: string, adminUrl?: string, postmaster?: number) {
  console.log(`\n${engine}: ${scale} podcasts against one; load ${f(loadavg()[0]!, 1)}`);
  const small = await prepare('small', adminUrl);
  const big = await prepare('big', adminUrl);
  const sides = [small, big];
  await samePooled(big, small);
  // Before the bench's own writes grow either.
  const [smallBytes, bigBytes] = [await bytes(small), await bytes(big)];
  if (parts.has('start')) await startTimes(sides);
  if (parts.has('reads')) await reads(sides, postmaster);
  await jobTimes(sides, postmaster);
  if (parts.has('size'))
    console.log(
      `  size: small ${f(smallBytes / 2 ** 20, 1)} MiB, big ${f(bigBytes / 2 ** 20, 1)} MiB → ${f((bigBytes - smallBytes) / (scale / 1000) / 2 ** 20, 1)} MiB per 1,000 podcasts`,
    );
  if (adminUrl && !keep) {
    const admin = createDatabase({ dataDir: work, databaseUrl: adminUrl });
    for (const side of sides)
      await sql.raw(`DROP DATABASE ${new URL(side.env.DATABASE_URL!).pathname.slice(1)}`).execute(admin);
    await admin.destroy();
  }
}

const engines = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',');
try {
  if (engines.includes('sqlite')) await bench('SQLite');
  if (engines.includes('postgres')) {
    const cluster = process.env.BENCH_DATABASE_URL
      ? undefined
      : startPostgres(Number(process.env.BENCH_PG_PORT ?? 55451));
    const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url;
    try {
      await bench('PostgreSQL (same machine)', adminUrl, await postmasterOf(adminUrl));
    } finally {
      cluster?.stop();
    }
  }
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}
