// CPU time per answer inside the server process, without sockets or wrk: each target of
// api-targets.ts is sent through app.inject a few thousand times and the process's CPU time
// (user + system) per request is printed. Load on the machine moves this figure much less than
// requests per second, so it shows what a change in the handler saves. Loopback only.
// Run: npx tsx tests/bench/api-cpu.ts [requests per target, default 2000] [only targets containing]
// DATABASE_URL=postgres://… runs it on PostgreSQL (a database of its own is not made: use a throw-away one).
// BENCH_COUNT=1 also prints the statements per request (the SQL texts sent to the driver; on SQLite
// not a unit of work's prepared statements, which skip Kysely's executor: db/sqlite-unit.ts).
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each target's measured requests there (only
// those, not the start or the seed; open it in Chrome DevTools).
// The first row is a bare Fastify route (one JSON object, no hooks) injected in the same process:
// the baseline of the API goals, so the ratio of a row is bare CPU / its CPU. The second,
// GET /healthz, is the app's pipeline (hooks, cookies, headers) without a database read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session as Inspector } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { seed } from '../../src/server/db/seed/seed.ts';
import { prepareTargets } from './api-targets.ts';

const rounds = Number(process.argv[2] ?? 2000);
const only = process.argv[3] ?? '';
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-bench-cpu-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), clientDir: undefined };
const { app, ctx } = await buildApp(config, { logger: false });
await seed(ctx.db, undefined, ctx.clock);
// Statements per request: every query Kysely sends to the driver, counted by its text.
const statements = new Map<string, number>();
if (process.env.BENCH_COUNT) {
  // On the prototype, so the executors of transactions (and of the jobs after the answer) count too.
  type Executor = { executeQuery: (this: unknown, query: { sql: string }, ...rest: unknown[]) => unknown };
  let proto = Object.getPrototypeOf(ctx.db.getExecutor()) as Executor;
  while (!Object.hasOwn(proto, 'executeQuery')) proto = Object.getPrototypeOf(proto) as Executor;
  const execute = proto.executeQuery;
  proto.executeQuery = function (query, ...rest) {
    statements.set(query.sql, (statements.get(query.sql) ?? 0) + 1);
    return execute.call(this, query, ...rest);
  };
}
const base = await app.listen({ port: 0, host: '127.0.0.1' });
try {
  const { session, targets } = await prepareTargets(base, dataDir);
  const headers = { 'accept-encoding': 'gzip, deflate, br', cookie: session.cookie, ...session.headers };
  let key = 0;
  const send = (target: (typeof targets)[number]) =>
    app.inject({
      method: target.write?.method ?? 'GET',
      url: target.path,
      headers: target.write
        ? { ...headers, 'content-type': 'application/json', 'idempotency-key': `cpu-${process.pid}-${++key}` }
        : headers,
      payload: target.write?.body,
    });
  const bare = Fastify();
  bare.get('/bare', async () => ({ data: { id: 1, name: 'Bare', email: 'bare@example.org' } }));
  const profileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
  const inspector = profileDir ? new Inspector() : undefined;
  if (inspector && profileDir) {
    mkdirSync(profileDir, { recursive: true });
    inspector.connect();
    await inspector.post('Profiler.enable');
  }
  /** CPU µs per request of `rounds` calls of `request` (after a warm-up), profiled if asked. */
  async function measure(
    name: string,
    request: (n: number) => Promise<{ statusCode: number; body: string }>,
    warmUp = Math.min(200, rounds),
  ) {
    for (let i = 0; i < warmUp; i++) await request(i);
    statements.clear();
    if (inspector) await inspector.post('Profiler.start');
    const before = process.cpuUsage();
    for (let i = 0; i < rounds; i++) {
      const response = await request(i);
      if (response.statusCode >= 300) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    }
    const used = process.cpuUsage(before);
    if (inspector && profileDir) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(
        join(profileDir, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`),
        JSON.stringify(profile),
      );
    }
    return (used.user + used.system) / rounds;
  }
  console.log(`CPU µs per request through app.inject, ${ctx.db.engine}, ${rounds} requests each`);
  console.log(`${'target'.padEnd(24)} ${'µs'.padStart(6)}  bare/target`);
  // The first requests of a process run cold code (light-my-request, Fastify's reply path): a
  // long warm-up, so the baseline is not the slowest row.
  const bareCpu = await measure(
    'bare',
    () => bare.inject({ method: 'GET', url: '/bare', headers }),
    5 * rounds,
  );
  console.log(`${'bare Fastify route'.padEnd(24)} ${bareCpu.toFixed(0).padStart(6)}`);
  // The app's own pipeline without a database read (its hooks, cookies, headers): /healthz.
  if ('GET /healthz'.includes(only)) {
    const cpu = await measure('GET /healthz', () => app.inject({ method: 'GET', url: '/healthz', headers }));
    console.log(`${'GET /healthz'.padEnd(24)} ${cpu.toFixed(0).padStart(6)}  ${(bareCpu / cpu).toFixed(2)}`);
  }
  for (const target of targets.filter((t) => t.name.includes(only))) {
    const cpu = await measure(target.name, () => send(target));
    console.log(`${target.name.padEnd(24)} ${cpu.toFixed(0).padStart(6)}  ${(bareCpu / cpu).toFixed(2)}`);
    if (process.env.BENCH_COUNT) {
      const total = [...statements.values()].reduce((a, b) => a + b, 0);
      console.log(`  ${(total / rounds).toFixed(2)} statements per request`);
      for (const [text, count] of [...statements].sort((a, b) => b[1] - a[1]))
        console.log(`  ${(count / rounds).toFixed(2)}  ${text.slice(0, 160)}`);
    }
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
