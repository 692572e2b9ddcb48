// Prints how long the built server takes from `node dist/server/main.js` to its first answer,
// beside a bare Fastify start in the same run: interleaved pairs, the median pair and the range.
// The server restarts on a data folder it seeded before (a restart, as after a deploy or crash),
// so the figure is the start itself, not the first seed; with the code cache the build wrote
// (src/server/boot.ts) and, for comparison, without it (a read-only install). Loopback only.
// Run: npm run build, then npx tsx tests/bench/start-time.ts [pairs, default 3]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../support/loopback-server.ts';
import { serverEnv } from './support/bench-server.ts';

const pairs = Number(process.argv[2] ?? 3);
const root = resolve(import.meta.dirname, '../..');
const main = join(root, 'dist/server/main.js');
if (!existsSync(main)) throw new Error('dist/server/main.js fehlt: erst `npm run build` (siehe oben)');
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-bench-start-'));

const BARE = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/bare', async () => ({ data: { id: 1 } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Milliseconds from spawn to the first 2xx answer of `path`; the process is stopped after. */
async function firstAnswer(args: string[], path: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: serverEnv(port, env),
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}${path}`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => (child.exitCode !== null ? done(0) : child.once('exit', done)));
  }
}

const server = () =>
  firstAnswer([main], '/sanctum/csrf-cookie', { DATA_DIR: dataDir, CLIENT_DIR: '', LOG_LEVEL: 'warn' });
const bare = () => firstAnswer(['--input-type=module', '-e', BARE], '/bare');

/** A start with the code cache moved aside (and put back after; the start may not write one). */
async function serverWithoutCache() {
  const dir = join(root, 'dist/server');
  const caches = readdirSync(dir).filter((name) => name.endsWith('.v8-cache'));
  for (const name of caches) renameSync(join(dir, name), join(dir, `${name}.aside`));
  try {
    return await server();
  } finally {
    for (const name of readdirSync(dir)) if (name.endsWith('.v8-cache')) rmSync(join(dir, name));
    for (const name of caches) renameSync(join(dir, `${name}.aside`), join(dir, name));
  }
}

async function measure(label: string, start: () => Promise<number>, goal: string) {
  const runs: { bare: number; server: number; ratio: number }[] = [];
  for (let i = 0; i < pairs; i++) {
    const b = await bare();
    const s = await start();
    runs.push({ bare: b, server: s, ratio: s / b });
  }
  const ratios = runs.map((r) => r.ratio).sort((a, b) => a - b);
  const median = runs.find((r) => r.ratio === ratios[Math.floor(pairs / 2)])!;
  console.log(
    `${label}: server ${median.server.toFixed(0)} ms, bare Fastify ${median.bare.toFixed(0)} ms, ` +
      `ratio ${median.ratio.toFixed(2)} (range ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}${goal})`,
  );
}

try {
  if (!readdirSync(join(root, 'dist/server')).some((name) => name.endsWith('.v8-cache')))
    console.warn('no code cache in dist/server: the build could not write one (see boot.ts)');
  // The first start migrates and seeds; the ones measured restart on that data.
  await server();
  await bare();
  console.log(`start to first answer, built server restarting on seeded data; median of ${pairs} pairs`);
  await measure('with the code cache', server, '; goal ≤ 2');
  await measure('without (read-only dist/)', serverWithoutCache, '');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
