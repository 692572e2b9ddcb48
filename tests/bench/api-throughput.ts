// Prints how our API routes compare with a bare Fastify route, side by side in one run.
// Run: npx tsx tests/bench/api-throughput.ts [seconds per run, default 10] [only targets containing]
// BENCH_PAIRS=<n> sets how many bare/target pairs each target runs (default 3; the median is printed).
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the real server there (open it in Chrome DevTools).
// BENCH_PERF=1 starts it with --perf-basic-prof, so `perf record -g -p <pid>` names the JS frames.
// BENCH_DIST=1 runs the built server (dist/server/main.js, `npm run build` first) instead of the
// sources, which gives the profile real line numbers.
//
// The real server and a bare Fastify server run as separate child processes and wrk loads them
// from a third process, so neither the client nor the other server shares the server's event loop.
// The real server runs from the TypeScript sources (tsx compiles once at start-up; the code that
// then runs is what esbuild would bundle), so the bench measures the working tree without a build,
// on a fresh SQLite DATA_DIR, seeded at start, with the production LOG_LEVEL default. Each target
// runs right after a bare run, and its ratio is to that bare run, so a burst of load on the
// machine hits both alike. Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';

const seconds = Number(process.argv[2] ?? 10);
// Other load on a shared machine moves single runs by a fifth and more, so each target runs as
// several bare/target pairs and the median pair is printed.
const pairs = Number(process.env.BENCH_PAIRS ?? 3);
const only = process.argv[3] ?? '';
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

const ready = (url: string) => waitUntilUp(url, { timeoutMs: 30_000, hint: `see the logs in ${dataDir}` });

const BARE = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/bare', async () => ({ data: { id: 1, name: 'Bare', email: 'bare@example.org' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

const barePort = await freePort();
const port = await freePort();
const bare = start(
  ['--input-type=module', '-e', BARE],
  { PATH: process.env.PATH, PORT: String(barePort) },
  'bare.log',
);
const clientDir = join(root, 'dist/client');
const server = start(
  [
    ...profile,
    ...(process.env.BENCH_DIST ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts']),
  ],
  {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: existsSync(join(clientDir, 'index.html')) ? clientDir : '',
  },
  'server.log',
);
const bareUrl = `http://127.0.0.1:${barePort}/bare`;
const base = `http://127.0.0.1:${port}`;
await Promise.all([ready(bareUrl), ready(`${base}/sanctum/csrf-cookie`)]);

/** Registers a user like the PWA does and follows the verification link from the mail outbox. */
async function verifiedSession() {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const xsrf = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
  const email = 'bench@example.org';
  const registration = await fetch(`${base}/api/account`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: xsrf,
      'x-xsrf-token': decodeURIComponent(xsrf.split('=')[1]!),
    },
    body: JSON.stringify({
      email,
      password: 'bench-passwort-1',
      password_confirmation: 'bench-passwort-1',
      terms: true,
      privacy: true,
    }),
  });
  if (registration.status !== 201) throw new Error(`registration: ${await registration.text()}`);
  const session = registration.headers
    .getSetCookie()
    .find((c) => c.startsWith('kompass_session='))!
    .split(';')[0]!;
  // The mail may be written outside the request, so wait for it.
  const outbox = join(dataDir, 'mail');
  let link: URL | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.includes(email)) : [];
    const text = files
      .map((f) => readFileSync(join(outbox, f), 'latin1'))
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const match = text.match(/https?:\/\/\S+\/email\?\S+/);
    if (match) link = new URL(match[0]);
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error(`no verification mail in ${outbox}`);
  const p = link.searchParams;
  const verify = await fetch(
    `${base}/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`,
    { headers: { cookie: session } },
  );
  if (!verify.ok) throw new Error(`verification: ${await verify.text()}`);
  return session;
}

const session = await verifiedSession();
const targets = (
  [
    ['GET /api/practices/1', `${base}/api/practices/1`, session],
    ['GET /sanctum/csrf-cookie', `${base}/sanctum/csrf-cookie`, undefined],
    ['GET /api/compilations/1', `${base}/api/compilations/1`, session],
    ['GET /api/account', `${base}/api/account`, session],
  ] as [string, string, string | undefined][]
).filter(([name]) => name.includes(only));
for (const [name, url, cookie] of targets) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
}

const run = promisify(execFile);
type Result = { rate: number; p99: string; errors: string; cpu: number };

// The CPU time the server process spent per answered request (user + system, from /proc) is a
// second figure that other load on the machine disturbs less than requests per second do.
const ticks = Number((await run('getconf', ['CLK_TCK'])).stdout);
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
};

async function wrk(url: string, pid: number, cookie?: string, duration = seconds): Promise<Result> {
  // Like a browser: every request accepts compressed answers.
  const headers = [
    '-H',
    'Accept-Encoding: gzip, deflate, br',
    ...(cookie ? ['-H', `Cookie: ${cookie}`] : []),
  ];
  const args = ['-t2', '-c32', `-d${duration}s`, '--latency', ...headers];
  const cpuBefore = cpuSeconds(pid);
  const { stdout } = await run('/usr/bin/wrk', [...args, url]);
  const requests = Number(stdout.match(/(\d+) requests in/)?.[1]);
  const cpu = ((cpuSeconds(pid) - cpuBefore) / requests) * 1e6;
  const rate = Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p99 = stdout.match(/^\s+99%\s+(\S+)/m)?.[1] ?? '?';
  const non2xx = stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  const socket = stdout.match(/Socket errors: (.*)/)?.[1];
  const errors = [non2xx && `${non2xx} non-2xx`, socket && `socket ${socket}`].filter(Boolean).join('; ');
  return { rate, p99, errors, cpu };
}

// Warm-up: JIT, prepared statements, connections.
await wrk(bareUrl, bare.pid!, undefined, 2);
for (const [, url, cookie] of targets) await wrk(url, server.pid!, cookie, 2);

const pad = (s: string, n: number) => s.padEnd(n);
const num = (s: string | number, n: number) => String(s).padStart(n);
console.log(
  `wrk -t2 -c32 -d${seconds}s, SQLite, server ${process.env.BENCH_DIST ? 'built (dist)' : 'from the sources (tsx)'}, ` +
    `LOG_LEVEL default; ratio = target / bare run before it, the median of ${pairs} such pairs (range at the end)`,
);
console.log(
  `${pad('target', 26)}${num('req/s', 8)}${num('p99', 10)}${num('bare', 8)}${num('ratio', 7)}` +
    `${num('CPU µs/req', 12)}${num('bare', 6)}${num('ratio', 7)}${num('range', 11)}`,
);
for (const [name, url, cookie] of targets) {
  const runs = [];
  for (let pair = 0; pair < pairs; pair++) {
    const reference = await wrk(bareUrl, bare.pid!);
    const result = await wrk(url, server.pid!, cookie);
    runs.push({ reference, result, ratio: result.rate / reference.rate });
  }
  const ratios = runs.map((r) => r.ratio).sort((a, b) => a - b);
  const { reference, result, ratio } = runs.find((r) => r.ratio === ratios[Math.floor(pairs / 2)])!;
  console.log(
    `${pad(name, 26)}${num(result.rate.toFixed(0), 8)}${num(result.p99, 10)}` +
      `${num(reference.rate.toFixed(0), 8)}${num(ratio.toFixed(2), 7)}` +
      `${num(result.cpu.toFixed(0), 12)}${num(reference.cpu.toFixed(0), 6)}` +
      `${num((reference.cpu / result.cpu).toFixed(2), 7)}` +
      `${num(`${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}`, 11)}` +
      (result.errors ? `  (${result.errors})` : ''),
  );
}

for (const child of children) child.kill('SIGTERM');
await Promise.all(
  children.map((c) => new Promise((done) => (c.exitCode !== null ? done(0) : c.once('exit', done)))),
);
rmSync(dataDir, { recursive: true, force: true });
