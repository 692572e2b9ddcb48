// Prints how our API routes compare with a bare Fastify route, side by side in one run: the reads
// behind the app's screens and the writes a user makes (each with a new Idempotency-Key). The step
// toggle is ten accounts ticking their own podcasts' steps, not one step from every connection,
// which measured the step's row lock (api-targets.ts, TEAM).
// Run: npx tsx tests/bench/api-throughput.ts [seconds per run, default 10] [only targets containing,or this]
// BENCH_DB=sqlite (default), postgres or sqlite,postgres: PostgreSQL runs on a throw-away cluster
// of its own (port BENCH_PG_PORT, default 55450), started and stopped by the bench, with fsync off
// (BENCH_PG_FSYNC=on: every commit flushed to disk, as in production).
// BENCH_PAIRS=<n> sets how many bare/target pairs each target runs (default 3; the median is printed).
// BENCH_REVERSE=1 measures the targets in reverse order. On this VM the bare route answers ~25 %
// faster during the first ~100 s of a run (53,000 against 42,000 req/s; the server is idle meanwhile,
// and the bare route alone keeps its speed), so whatever comes first meets the faster baseline;
// both orders together show each route in both phases (2026-11-29).
// A ratio holds for one machine only: the same code gave the PostgreSQL step toggle 0.033–0.035 ×
// on a VM whose bare route answered 26,000–40,000 req/s, and 0.068–0.080 × on one that answered
// 11,000–15,000 (2026-12-07), where the toggle itself was only about a fifth slower. Compare a
// change with a run of the code before it on the same machine.
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the real server there (open it in Chrome DevTools).
// On PostgreSQL the last column is the CPU its processes spent per answered request (the server's own
// is 'CPU µs/req'): the two sides of a write's cost.
// DB_POOL_SIZE is passed to the server (PostgreSQL's pool, default 10).
// BENCH_PERF=1 starts it with --perf-basic-prof, so `perf record -g -p <pid>` names the JS frames.
// BENCH_DIST=1 runs the built server (dist/server/main.js, `npm run build` first) instead of the
// sources, which gives the profile real line numbers.
//
// Writes go through wrk-write.lua, to the bare server too (a POST route that answers its body), so
// both sides parse the same JSON and headers.
// The real server and a bare Fastify server run as separate child processes and wrk loads them
// from a third process, so neither the client nor the other server shares the server's event loop.
// The real server runs from the TypeScript sources (tsx compiles once at start-up; the code that
// then runs is what esbuild would bundle), so the bench measures the working tree without a build,
// on a fresh DATA_DIR (and a fresh PostgreSQL cluster), seeded at start, with the production LOG_LEVEL default. Each target
// runs right after a bare run, and its ratio is to that bare run, so a burst of load on the
// machine hits both alike. Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startPostgres } from '../postgres.ts';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';
import { prepareTargets, type Session, type Target } from './api-targets.ts';
import { postgresCpu, wrk as runWrk } from './wrk-run.ts';
import { serverEntry, serverEnv } from './support/bench-server.ts';

const seconds = Number(process.argv[2] ?? 10);
// Other load on a shared machine moves single runs by a fifth and more, so each target runs as
// several bare/target pairs and the median pair is printed.
const pairs = Number(process.env.BENCH_PAIRS ?? 3);
const only = (process.argv[3] ?? '').split(',');
const profile = [
  ...(process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`]
    : []),
  ...(process.env.BENCH_PERF ? ['--perf-basic-prof'] : []),
];
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-bench-'));
const children: ChildProcess[] = [];

function start(args: string[], env: NodeJS.ProcessEnv, log: string) {
  const out = openSync(join(dataDir, log), 'a');
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', out, out] });
  children.push(child);
  return child;
}

const ready = (url: string) => waitUntilUp(url, { timeoutMs: 180_000, hint: `see the logs in ${dataDir}` });

const BARE = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/bare', async () => ({ data: { id: 1, name: 'Bare', email: 'bare@example.org' } }));
app.post('/bare', async (request) => ({ data: request.body }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

const barePort = await freePort();
const bare = start(
  ['--input-type=module', '-e', BARE],
  { PATH: process.env.PATH, PORT: String(barePort) },
  'bare.log',
);
const bareBase = `http://127.0.0.1:${barePort}`;
await ready(`${bareBase}/bare`);

const wrk = (base: string, target: Target, pid: number, session?: Session, duration = seconds) =>
  runWrk(base, target, pid, session, duration);

const pad = (s: string, n: number) => s.padEnd(n);
const num = (s: string | number, n: number) => String(s).padStart(n);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function bench(engine: 'sqlite' | 'postgres', databaseUrl?: string) {
  const pgPort = databaseUrl ? Number(new URL(databaseUrl).port) : undefined;
  const port = await freePort();
  const dir = mkdtempSync(join(dataDir, `${engine}-`));
  const clientDir = join(root, 'dist/client');
  const server = start(
    [...profile, ...serverEntry()],
    serverEnv(port, {
      DATA_DIR: dir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // SQLite's durability switch (README), to measure either setting.
      ...(process.env.SQLITE_SYNCHRONOUS ? { SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS } : {}),
      // PostgreSQL's pool (README), to see whether a figure waits for connections.
      ...(process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE } : {}),
      CLIENT_DIR: existsSync(join(clientDir, 'index.html')) ? clientDir : '',
    }),
    `server-${engine}.log`,
  );
  const base = `http://127.0.0.1:${port}`;
  await ready(`${base}/sanctum/csrf-cookie`);
  const { session, targets: all } = await prepareTargets(base, dir);
  const targets = all.filter((t) => only.some((part) => t.name.includes(part)));
  if (process.env.BENCH_REVERSE) targets.reverse();
  const bareOf = (t: Target): Target => ({ ...t, path: '/bare' });

  // Warm-up: JIT, prepared statements, connections. Each target is warmed (and must answer 2xx)
  // right before it is measured, not all at first: the writes' warm-up would otherwise grow the
  // lists the reads return (events, comments) before those are measured.
  await wrk(bareBase, bareOf(targets[0]!), bare.pid!, undefined, 2);

  console.log(
    `\nwrk -t2 -c32 -d${seconds}s, ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL (same machine)'}, server ` +
      `${process.env.BENCH_DIST ? 'built (dist)' : 'from the sources (tsx)'}, LOG_LEVEL default; ` +
      `ratio = target / bare run before it, the median of ${pairs} such pairs (range at the end)`,
  );
  console.log(
    `${pad('target', 24)}${num('req/s', 7)}${num('p99', 9)}${num('p99 max', 9)}${num('bare', 7)}${num('ratio', 7)}` +
      `${num('CPU µs/req', 11)}${num('bare', 5)}${num('ratio', 7)}${num('range', 13)}${num('load', 6)}` +
      (pgPort ? num('PG µs/req', 10) : ''),
  );
  for (const target of targets) {
    const warm = await wrk(base, target, server.pid!, session, 2);
    if (warm.errors) throw new Error(`${target.name}: ${warm.errors} (see ${dataDir})`);
    const runs = [];
    for (let pair = 0; pair < pairs; pair++) {
      const reference = await wrk(bareBase, bareOf(target), bare.pid!, session);
      const pgBefore = pgPort && postgresCpu(pgPort);
      const result = await wrk(base, target, server.pid!, session);
      const pgAfter = pgPort && postgresCpu(pgPort);
      // PostgreSQL's CPU per answered request (all its processes: the backends, WAL writer, autovacuum).
      const pg = pgBefore && pgAfter ? ((pgAfter - pgBefore) / (result.rate * seconds)) * 1e6 : undefined;
      runs.push({ reference, result, ratio: result.rate / reference.rate, pg });
    }
    const ratios = runs.map((r) => r.ratio).sort((a, b) => a - b);
    const { reference, result, ratio, pg } = runs.find((r) => r.ratio === median(ratios))!;
    const p99max = Math.max(...runs.map((r) => r.result.p99ms));
    console.log(
      `${pad(target.name, 24)}${num(result.rate.toFixed(0), 7)}${num(result.p99, 9)}${num(`${p99max.toFixed(1)}ms`, 9)}` +
        `${num(reference.rate.toFixed(0), 7)}${num(ratio.toFixed(3), 7)}` +
        `${num(result.cpu.toFixed(0), 11)}${num(reference.cpu.toFixed(0), 5)}` +
        `${num((reference.cpu / result.cpu).toFixed(3), 7)}` +
        `${num(`${ratios[0]!.toFixed(3)}–${ratios.at(-1)!.toFixed(3)}`, 13)}` +
        // The machine's 1-minute load average when the target's pairs ended (other work shifts both sides).
        `${num(loadavg()[0]!.toFixed(1), 6)}` +
        (pg === undefined ? '' : num(pg.toFixed(0), 10)) +
        (result.errors ? `  (${result.errors})` : ''),
    );
  }
  server.kill('SIGTERM');
  await new Promise((done) => (server.exitCode !== null ? done(0) : server.once('exit', done)));
}

const engines = (process.env.BENCH_DB ?? 'sqlite').split(',');
try {
  if (engines.includes('sqlite')) await bench('sqlite');
  if (engines.includes('postgres')) {
    const cluster = startPostgres(Number(process.env.BENCH_PG_PORT ?? 55450), {
      durable: process.env.BENCH_PG_FSYNC === 'on',
    });
    try {
      await bench('postgres', cluster.url);
    } finally {
      cluster.stop();
    }
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => new Promise((done) => (c.exitCode !== null ? done(0) : c.once('exit', done)))),
  );
  rmSync(dataDir, { recursive: true, force: true });
}
