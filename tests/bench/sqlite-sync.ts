// What SQLite's `synchronous` pragma (SQLITE_SYNCHRONOUS) costs on this disk, in WAL mode:
// 1. bare commits of 1, 8 and 32 rows with NORMAL and FULL (group-commit.ts shares one commit
//    among the writes of a turn of the event loop), interleaved, the median of the rounds;
// 2. the API's write targets (api-targets.ts) on two real servers side by side, one per setting,
//    wrk against each in turn: FULL's rate and p99 as a ratio to NORMAL's, the median of the pairs.
// Run: npx tsx tests/bench/sqlite-sync.ts [wrk seconds, default 5] [pairs, default 3] [filter]
// Files live in TMPDIR (or BENCH_SQLITE_DIR): put them on the disk the data will live on.
// Loopback only.
import SQLite from 'better-sqlite3';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';
import { prepareTargets, type Session, type Target } from './api-targets.ts';
import { serverEntry, serverEnv } from './support/bench-server.ts';

const [seconds, pairs] = [Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 3)];
const only = process.argv[4] ?? '';
const dir = mkdtempSync(join(process.env.BENCH_SQLITE_DIR ?? tmpdir(), 'kompass-sync-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const modes = ['normal', 'full'] as const;

function commitsPerSecond(mode: (typeof modes)[number], rows: number, commits = 500) {
  const db = new SQLite(join(dir, `${mode}-${rows}.sqlite`));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${mode}`);
  db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  const group = db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run('Aufnahme steht');
  });
  const started = process.hrtime.bigint();
  for (let i = 0; i < commits; i++) group();
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  db.close();
  return commits / elapsed;
}

console.log(
  `in ${dir}\nrows per commit | NORMAL commits/s | FULL commits/s | FULL / NORMAL | FULL ms per commit`,
);
for (const rows of [1, 8, 32]) {
  const runs = Array.from({ length: 5 }, () => modes.map((mode) => commitsPerSecond(mode, rows)));
  const [n, f] = [median(runs.map((r) => r[0]!)), median(runs.map((r) => r[1]!))];
  const cells = [n.toFixed(0), f.toFixed(0), (f / n).toFixed(2), (1000 / f).toFixed(3)];
  console.log(
    `${String(rows).padStart(15)} | ${cells.map((c, i) => c.padStart([16, 14, 13, 18][i]!)).join(' | ')}`,
  );
}

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const servers = await Promise.all(
  modes.map(async (mode) => {
    const port = await freePort();
    const data = join(dir, `server-${mode}`);
    const child = spawn(process.execPath, serverEntry(), {
      cwd: root,
      stdio: 'ignore',
      env: serverEnv(port, { DATA_DIR: data, CLIENT_DIR: '', SQLITE_SYNCHRONOUS: mode }),
    });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/sanctum/csrf-cookie`, { timeoutMs: 300_000 });
    return { mode, child, base, ...(await prepareTargets(base, data)) };
  }),
);

let runs = 0;
async function wrk(base: string, target: Target, session: Session, duration = seconds) {
  const headers = { 'Accept-Encoding': 'gzip, deflate, br', Cookie: session.cookie, ...session.headers };
  const { stdout } = await run(
    '/usr/bin/wrk',
    [
      '-t2',
      '-c32',
      `-d${duration}s`,
      '--latency',
      '--timeout',
      '5s',
      '-s',
      join(import.meta.dirname, 'wrk-write.lua'),
      `${base}${target.path}`,
    ],
    {
      env: {
        PATH: process.env.PATH,
        BENCH_RUN: `${process.pid}-${++runs}`,
        BENCH_METHOD: target.write!.method,
        BENCH_PATH: target.path,
        BENCH_BODY: target.write!.body,
        BENCH_HEADERS: Object.entries({ ...headers, 'Content-Type': 'application/json' })
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      },
    },
  );
  const [, value = 'NaN', unit] = /^\s+99%\s+([\d.]+)(us|ms|s)$/m.exec(stdout) ?? [];
  const p99 = Number(value) * (unit === 'us' ? 1e-3 : unit === 's' ? 1e3 : 1);
  const errors = stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  if (errors) throw new Error(`${target.name}: ${errors} answers not 2xx`);
  return { rate: Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1]), p99 };
}

try {
  console.log(
    `\nwrk -t2 -c32 -d${seconds}s per run, ${pairs} NORMAL/FULL pairs per target (order alternates)`,
  );
  console.log(
    'target                  NORMAL req/s  FULL req/s  ratio  range        NORMAL p99  FULL p99  load',
  );
  const names = servers[0]!.targets.filter((t) => t.write && t.name.includes(only)).map((t) => t.name);
  for (const name of names) {
    const sides = servers.map((s) => ({ ...s, target: s.targets.find((t) => t.name === name)! }));
    for (const side of sides) await wrk(side.base, side.target, side.session, 2);
    const results: { normal: Awaited<ReturnType<typeof wrk>>; full: Awaited<ReturnType<typeof wrk>> }[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? sides : [...sides].reverse();
      const measured: Record<string, Awaited<ReturnType<typeof wrk>>> = {};
      for (const side of order) measured[side.mode] = await wrk(side.base, side.target, side.session);
      results.push({ normal: measured.normal!, full: measured.full! });
    }
    const ratios = results.map((r) => r.full.rate / r.normal.rate).sort((a, b) => a - b);
    const middle = results.find((r) => r.full.rate / r.normal.rate === median(ratios))!;
    console.log(
      `${name.padEnd(24)}${middle.normal.rate.toFixed(0).padStart(12)}${middle.full.rate.toFixed(0).padStart(12)}` +
        `${median(ratios).toFixed(2).padStart(7)}  ${`${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}`.padEnd(11)}` +
        `${`${middle.normal.p99.toFixed(1)} ms`.padStart(11)}${`${middle.full.p99.toFixed(1)} ms`.padStart(10)}` +
        `${loadavg()[0]!.toFixed(1).padStart(6)}`,
    );
  }
} finally {
  for (const { child } of servers) child.kill('SIGTERM');
  await Promise.all(
    servers.map(
      ({ child }) => new Promise((done) => (child.exitCode !== null ? done(0) : child.once('exit', done))),
    ),
  );
  rmSync(dir, { recursive: true, force: true });
}
