// The server's memory under a flood of unique URLs from one signed-in member (the kept answers,
// src/server/pipeline/answer-cache.ts, and anything else that might keep something per URL): the
// real server as a child process, a verified member with a podcast and an experiment, the idle
// RSS after a warm-up, then wrk loads it for a while with URLs never sent before (wrk-unique.lua):
// an unknown query key of 8,000 characters with a number counting up (on comments, the podcast
// and the session probe) and a method list's page counting up (distinct valid parameters, which
// fill the cache to its bounds). Prints the process's RSS when idle, its peak above that during
// the load (sampled every second), where it ended, and the JavaScript heap after a full garbage
// collection at the end above the same at idle (memory-probe.ts): what the process keeps, apart
// from what the collector has not given back yet. Loopback only.
// Run: npx tsx tests/bench/answer-cache-memory.ts [seconds, default 60]
// BENCH_DB=sqlite,postgres (default both); PostgreSQL: BENCH_PG_URL=postgres://… uses a fresh
// database of an existing server, else a throw-away cluster on BENCH_PG_PORT (default 55450).
// BENCH_CONNECTIONS (default 16) concurrent clients in two wrk threads; BENCH_LONG the unknown
// key's length (default 8000). BENCH_FLOOD (default same,unique) names the rows, each on a fresh
// server: `same` sends the four URLs without the counting number, the baseline of what the load
// itself costs; `unique` all four kinds unique; `unknown` or `pages` one of the two kinds.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startPostgres } from '../postgres.ts';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';
import { prepareTargets } from './api-targets.ts';
import { serverEnv } from './support/bench-server.ts';

const seconds = Number(process.argv[2] ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const threads = 2;
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-bench-memory-'));
const run = promisify(execFile);
const children: ChildProcess[] = [];

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

type Memory = { rssBefore: number; rss: number; heapUsed: number };
/** The server's memory before and after a full collection (memory-probe.ts), in MB. */
async function probe(pid: number, file: string): Promise<Memory> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(file); i++) await sleep(50);
  await sleep(50);
  const bytes = JSON.parse(readFileSync(file, 'utf8')) as Memory;
  const mb = (n: number) => n / 1024 / 1024;
  return { rssBefore: mb(bytes.rssBefore), rss: mb(bytes.rss), heapUsed: mb(bytes.heapUsed) };
}

async function wrk(base: string, paths: string[], cookie: Record<string, string>, duration: number) {
  const headers = { 'Accept-Encoding': 'gzip, deflate, br', ...cookie };
  const { stdout } = await run(
    '/usr/bin/wrk',
    [
      `-t${threads}`,
      `-c${connections}`,
      `-d${duration}s`,
      '--timeout',
      '10s',
      '-s',
      join(import.meta.dirname, 'wrk-unique.lua'),
      base,
    ],
    {
      env: {
        PATH: process.env.PATH,
        BENCH_THREADS: String(threads),
        BENCH_LONG: process.env.BENCH_LONG ?? '8000',
        BENCH_PATHS: paths.join('\n'),
        BENCH_HEADERS: Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      },
    },
  );
  const requests = Number(stdout.match(/(\d+) requests in/)?.[1]);
  const non2xx = Number(stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  return { requests, non2xx };
}

async function bench(engine: 'sqlite' | 'postgres', flood: string, databaseUrl?: string) {
  const port = await freePort();
  const dir = mkdtempSync(join(dataDir, `${engine}-`));
  const out = openSync(join(dataDir, `server-${engine}-${flood}.log`), 'a');
  const memoryFile = join(dataDir, `memory-${engine}-${flood}.json`);
  const args = [
    '--expose-gc',
    '--import',
    'tsx',
    '--import',
    './tests/bench/memory-probe.ts',
    'src/server/main.ts',
  ];
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: serverEnv(port, {
      BENCH_MEMORY_FILE: memoryFile,
      DATA_DIR: dir,
      CLIENT_DIR: '',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    stdio: ['ignore', out, out],
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/sanctum/csrf-cookie`, { timeoutMs: 180_000, hint: `see ${dataDir}` });
  const { session, targets } = await prepareTargets(base, dir);
  const path = (name: string) => targets.find((t) => t.name === name)!.path;
  const cookie = { Cookie: session.cookie, ...session.headers };
  const comments = path('GET comments');
  const podcast = path('GET podcast');
  // Warm-up with the same kinds of request, so JIT, statements and pools are there before idle.
  const unique = [
    `${comments}?q=%long%%n%`,
    `${podcast}?q=%long%%n%`,
    '/api/account/session?q=%long%%n%',
    `${podcast}/practices?order=latest&page=%n%`,
  ];
  const same = unique.map((p) => p.replace('%n%', '1'));
  await wrk(base, same, cookie, 5);
  await sleep(5000);
  const idleMemory = await probe(server.pid!, memoryFile);
  const idle = idleMemory.rssBefore;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 1000);
  const paths = { same, unique, unknown: unique.slice(0, 3), pages: unique.slice(3) }[flood];
  if (!paths) throw new Error(`BENCH_FLOOD: ${flood}?`);
  const load = await wrk(base, paths, cookie, seconds);
  clearInterval(sampler);
  const endMemory = await probe(server.pid!, memoryFile);
  const end = endMemory.rssBefore;
  peak = Math.max(peak, end);
  const kept = endMemory.heapUsed - idleMemory.heapUsed;
  console.log(
    `${`${engine}, ${flood}`.padEnd(17)} ${String(load.requests).padStart(8)} ${String(load.non2xx).padStart(7)}` +
      `${idle.toFixed(0).padStart(9)} ${(peak - idle).toFixed(0).padStart(11)} ${(end - idle).toFixed(0).padStart(10)}` +
      `${kept.toFixed(1).padStart(11)}${loadavg()[0]!.toFixed(1).padStart(6)}`,
  );
  server.kill('SIGTERM');
  await new Promise((done) => (server.exitCode !== null ? done(0) : server.once('exit', done)));
}

/** A fresh database in the server at `url`, dropped by the returned function. */
async function freshDatabase(url: string, flood: string) {
  const name = `kompass_bench_memory_${process.pid}_${flood}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const engines = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',');
const floods = (process.env.BENCH_FLOOD ?? 'same,unique').split(',');
console.log(
  `${seconds} s of unique URLs, wrk -t${threads} -c${connections}; RSS in MB (goal: peak above idle < 64)`,
);
console.log('database, URLs    requests non-2xx  idle RSS  peak above  end above  heap kept  load');
try {
  if (engines.includes('sqlite')) for (const flood of floods) await bench('sqlite', flood);
  if (engines.includes('postgres')) {
    const cluster = process.env.BENCH_PG_URL
      ? undefined
      : startPostgres(Number(process.env.BENCH_PG_PORT ?? 55450));
    try {
      // Each row on a database of its own (the bench registers the same member each time).
      for (const flood of floods) {
        const database = await freshDatabase(process.env.BENCH_PG_URL ?? cluster!.url, flood);
        try {
          await bench('postgres', flood, database.url);
        } finally {
          await database.drop();
        }
      }
    } finally {
      cluster?.stop();
    }
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
