// Prints how long a freshly started server takes to answer its first app document (the dashboard
// of a signed-in podcaster, with the answers of its first reads embedded: http/boot-data.ts), next
// to the same document asked again. Each start is a new process on a data folder seeded and
// signed up once before (a restart, as after a deploy): the document is asked right when the
// server answers, and, in another start, a few seconds later (the first podcaster after a deploy
// rarely comes in the very first second). Loopback only, SQLite.
// Run: npx tsx tests/bench/first-document.ts [starts, default 5] [later, s, default 3]
// BENCH_DIST=1 runs the built server (dist/server/main.js, `npm run build` first); BENCH_CPU_PROF=<dir>
// writes a V8 CPU profile of each server there.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../support/loopback-server.ts';
import { podcastWithExperiment, verifiedSession, type Session } from './api-targets.ts';
import { serverEntry, serverEnv } from './support/bench-server.ts';

const starts = Number(process.argv[2] ?? 5);
const laterMs = Number(process.argv[3] ?? 3) * 1000;
const root = resolve(import.meta.dirname, '../..');
const clientDir = join(root, 'dist/client');
if (!existsSync(join(clientDir, 'index.html'))) throw new Error('dist/client fehlt: erst `npm run build`');
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-bench-first-document-'));

/** A server process on the data folder, and when it first answered (ms after its spawn). */
async function startServer() {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`]
        : []),
      ...serverEntry(),
    ],
    {
      cwd: root,
      env: serverEnv(port, { DATA_DIR: dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' }),
      stdio: 'ignore',
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done(0);
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  return { base, ready: performance.now() - started, stop };
}

/** Milliseconds until the whole dashboard document has arrived. */
async function document(base: string, session: Session) {
  const started = performance.now();
  const response = await fetch(`${base}/app/podcast`, {
    headers: { cookie: session.cookie, 'accept-encoding': 'br' },
  });
  const html = await response.text();
  if (!response.ok || !html.includes('id="boot"')) throw new Error(`the document: ${response.status}`);
  return performance.now() - started;
}

const range = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)})`;
};

try {
  const first = await startServer();
  const session = await verifiedSession(first.base, dataDir, 'first-document@example.org');
  await podcastWithExperiment(first.base, session);
  await first.stop();
  const rows = {
    ready: [] as number[],
    atOnce: [] as number[],
    later: [] as number[],
    again: [] as number[],
  };
  for (let i = 0; i < starts; i++) {
    const atOnce = await startServer();
    rows.ready.push(atOnce.ready);
    rows.atOnce.push(await document(atOnce.base, session));
    rows.again.push(await document(atOnce.base, session));
    await atOnce.stop();
    const later = await startServer();
    rows.ready.push(later.ready);
    await new Promise((r) => setTimeout(r, laterMs));
    rows.later.push(await document(later.base, session));
    await later.stop();
  }
  console.log(
    `${starts} × 2 fresh starts from the ${process.env.BENCH_DIST ? 'build (dist)' : 'sources (tsx)'}, the dashboard's document`,
  );
  console.log(`  start to first answer (/healthz):   ${range(rows.ready)}`);
  console.log(`  first document, asked at once:     ${range(rows.atOnce)}`);
  console.log(`  first document, ${laterMs / 1000} s after start: ${range(rows.later)}`);
  console.log(`  the same document asked again:     ${range(rows.again)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
