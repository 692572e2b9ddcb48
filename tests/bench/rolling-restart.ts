// A rolling restart under load, and a PostgreSQL restart: three app processes on one PostgreSQL
// behind a local nginx, a steady stream of reads and writes (comments, each with its
// Idempotency-Key, sent again with the same key after a 503 or 409 until acknowledged), the apps
// restarted one by one with SIGTERM, then PostgreSQL restarted once (`-m immediate`, as a crash or
// failover would). Prints: requests sent, 2xx, 503 during the database restart, other errors
// (goal 0), acknowledged writes lost (goal 0).
//
// Run: npx tsx tests/bench/rolling-restart.ts
// Loopback only. Its own PostgreSQL cluster on port 55440 (tests/postgres.ts), never the shared
// one; nginx (Debian's package) with its own prefix, config and temp folders under a temp dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startPostgres } from '../postgres.ts';
import { Client } from '../server/durability/server-process.ts';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'kompass-rolling-'));
const WRITERS = 4;
const READERS = 4;
const PASSWORD = 'ein-langes-passwort-fuer-den-neustart';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// --- PostgreSQL, the apps, nginx -------------------------------------------------------------

const cluster = startPostgres(55440);
const apps: { port: number; child?: ChildProcess }[] = [];
let nginx: ChildProcess | undefined;

function startApp(app: { port: number }, n: number) {
  const out = openSync(join(work, `app-${n}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(app.port),
      DATABASE_URL: cluster.url,
      DATA_DIR: join(work, `data-${n}`),
      CLIENT_DIR: '',
      APP_URL: 'http://studio.test',
      // nginx appends the client's address; the clients bring one each (per-client throttles).
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', out, out],
  });
  apps[n] = { ...app, child };
  return waitUntilUp(`http://127.0.0.1:${app.port}/readyz`, {
    exited: () => child.exitCode !== null,
    timeoutMs: 120_000,
    hint: `see ${work}/app-${n}.log`,
  });
}

async function stopApp(n: number) {
  const child = apps[n]!.child!;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return child.exitCode;
}

function startNginx(port: number) {
  const prefix = join(work, 'nginx');
  for (const dir of ['', 'logs', 'tmp', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) {
    mkdirSync(join(prefix, dir), { recursive: true });
    // nginx's workers drop root for `nobody`: their temp folders must be theirs.
    if (process.getuid?.() === 0) chownSync(join(prefix, dir), 65534, 65534);
  }
  const servers = apps
    .map((app) => `    server 127.0.0.1:${app.port} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user nobody nogroup;' : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  upstream app {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # A process that is gone (restarting) refuses the connection: the request goes to the next
      # one. non_idempotent: a POST too, when its connection was reset (a connection the kernel
      # had queued when the app closed its listener on SIGTERM; the app never read it). A graceful
      # stop resets no request it read; after a crash, the PWA's writes carry Idempotency-Keys.
      proxy_next_upstream error timeout non_idempotent;
      proxy_connect_timeout 1s;
      proxy_read_timeout 30s;
    }
  }
}
`,
  );
  nginx = spawn(
    '/usr/sbin/nginx',
    [
      '-p',
      prefix,
      '-c',
      join(prefix, 'nginx.conf'),
      '-e',
      join(prefix, 'logs/error.log'),
      '-g',
      'daemon off;',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

// --- Load --------------------------------------------------------------------------------------

const counts = { sent: 0, ok: 0, dbRestart503: 0, other: 0 };
const otherErrors = new Map<string, number>();
let databaseRestarting = false;
/** What the orchestrator is doing, named beside every other error. */
let phase = 'steady load';
let running = true;
const acked: string[] = [];

/** Sends one request and counts its answer; network errors count as other errors. */
async function send(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  counts.sent++;
  let status: number;
  let text: string;
  try {
    const response = await client.request(method, path, body, headers);
    status = response.status;
    text = response.text;
  } catch (error) {
    status = 0;
    text = String((error as Error).cause ?? error);
  }
  if (status >= 200 && status < 300) counts.ok++;
  else if (status === 503 && databaseRestarting) counts.dbRestart503++;
  else {
    counts.other++;
    const key = `${status} ${text.slice(0, 120)} (${phase})`;
    otherErrors.set(key, (otherErrors.get(key) ?? 0) + 1);
  }
  return status;
}

async function writer(client: Client, experimentId: number, n: number) {
  for (let i = 0; running; i++) {
    const content = `Neustart ${n}-${i} ${randomUUID()}`;
    const key = randomUUID();
    // Sent again with the same key until acknowledged: the key makes the retry safe.
    for (;;) {
      const status = await send(
        client,
        'POST',
        `/api/experiments/${experimentId}/comments`,
        { content },
        {
          'idempotency-key': key,
        },
      );
      if (status === 201) {
        acked.push(content);
        break;
      }
      if (status !== 503 && status !== 409 && status !== 0) break;
      await sleep(200);
    }
    await sleep(20);
  }
}

async function reader(client: Client, podcastId: number) {
  while (running) {
    await send(client, 'GET', `/api/podcasts/${podcastId}`);
    await sleep(20);
  }
}

// --- The run -----------------------------------------------------------------------------------

try {
  for (let n = 0; n < 3; n++) apps.push({ port: await freePort() });
  // The first process migrates and seeds alone; the others find it done.
  await startApp(apps[0]!, 0);
  await Promise.all([startApp(apps[1]!, 1), startApp(apps[2]!, 2)]);
  const proxyPort = await freePort();
  startNginx(proxyPort);
  const base = `http://127.0.0.1:${proxyPort}`;
  await waitUntilUp(`${base}/healthz`, { timeoutMs: 10_000, hint: `see ${work}/nginx/logs` });
  log(`3 apps on ${apps.map((a) => a.port).join(', ')} behind nginx on ${proxyPort}; logs in ${work}`);

  // Accounts (verified directly in the database: no mail round trip), one podcast and experiment each.
  const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
  db.on('error', () => {}); // the bench's own connections die with the restart below
  const categories = (await db.query('SELECT id FROM categories ORDER BY id LIMIT 2')).rows.map((r) => r.id);
  const practiceId = (await db.query('SELECT id FROM practices ORDER BY id LIMIT 1')).rows[0].id;
  const today = berlinDate(new Date()); // the app's today: in Berlin, not UTC
  const inTwoWeeks = addDays(today, 14);
  const users = await Promise.all(
    Array.from({ length: WRITERS + READERS }, async (_, n) => {
      const client = new Client(base, { 'x-forwarded-for': `127.88.0.${n + 1}` });
      const email = `neustart-${n}@example.org`;
      await client.request('GET', '/sanctum/csrf-cookie');
      const registered = await client.request('POST', '/api/account', {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms: true,
        privacy: true,
      });
      if (registered.status !== 201) throw new Error(`registration: ${registered.status} ${registered.text}`);
      await db.query('UPDATE users SET email_verified_at = $1 WHERE email = $2', [
        new Date().toISOString(),
        email,
      ]);
      const podcast = await client.request('POST', '/api/podcasts', {
        title: `Neustart ${n}`,
        category_id: categories,
      });
      if (podcast.status !== 201) throw new Error(`podcast: ${podcast.status} ${podcast.text}`);
      const podcastId = (podcast.json() as { data: { id: number } }).data.id;
      const experiment = await client.request('POST', `/api/podcasts/${podcastId}/experiments`, {
        practice_id: practiceId,
        starts_at: today,
        ends_at: inTwoWeeks,
      });
      if (experiment.status !== 201) throw new Error(`experiment: ${experiment.status} ${experiment.text}`);
      return { client, podcastId, experimentId: (experiment.json() as { data: { id: number } }).data.id };
    }),
  );

  const load = [
    ...users.slice(0, WRITERS).map((u, n) => writer(u.client, u.experimentId, n)),
    ...users.slice(WRITERS).map((u) => reader(u.client, u.podcastId)),
  ];
  await sleep(3_000);
  for (let n = 0; n < 3; n++) {
    phase = `app ${n} stopping`;
    const code = await stopApp(n);
    log(`app ${n} stopped (SIGTERM, exit code ${code}); starting it again`);
    phase = `app ${n} restarting`;
    await startApp(apps[n]!, n);
    log(`app ${n} ready again`);
    phase = 'steady load';
    await sleep(2_000);
  }
  log('restarting PostgreSQL (-m immediate, 3 s down)');
  databaseRestarting = true;
  phase = 'database restart';
  await db.end().catch(() => {});
  cluster.halt();
  await sleep(3_000);
  cluster.resume();
  await Promise.all(
    apps.map((app) => waitUntilUp(`http://127.0.0.1:${app.port}/readyz`, { timeoutMs: 60_000 })),
  );
  // Requests that met the outage may still be answering: a moment's grace, then 503s count as errors.
  await sleep(1_000);
  databaseRestarting = false;
  phase = 'after the database restart';
  log('PostgreSQL back; every app ready');
  await sleep(3_000);
  running = false;
  await Promise.all(load);

  const check = new pg.Client({ connectionString: cluster.url });
  await check.connect();
  const stored = new Set(
    (
      await check.query<{ content: string }>("SELECT content FROM comments WHERE content LIKE 'Neustart %'")
    ).rows.map((r) => r.content),
  );
  await check.end();
  const lost = acked.filter((content) => !stored.has(content));
  const alive = apps.filter((app) => app.child?.exitCode === null).length;

  console.log(`\nrequests sent:                 ${counts.sent}`);
  console.log(`2xx:                           ${counts.ok}`);
  console.log(`503 during the database restart: ${counts.dbRestart503}`);
  console.log(`other errors:                  ${counts.other}`);
  for (const [error, n] of otherErrors) console.log(`  ${n} × ${error}`);
  console.log(`acknowledged writes:           ${acked.length}`);
  console.log(`acknowledged writes lost:      ${lost.length}`);
  console.log(`app processes running:         ${alive} of 3`);
  process.exitCode = counts.other === 0 && lost.length === 0 && alive === 3 ? 0 : 1;
} finally {
  running = false;
  for (const app of apps) app.child?.kill('SIGTERM');
  if (nginx && nginx.exitCode === null) {
    const gone = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await Promise.race([gone, sleep(3_000)]);
    if (nginx.exitCode === null) nginx.kill('SIGKILL');
  }
  await Promise.all(
    apps.map((app) =>
      app.child && app.child.exitCode === null
        ? new Promise((resolve) => app.child!.once('exit', resolve))
        : undefined,
    ),
  );
  try {
    cluster.stop();
  } catch (error) {
    console.error(error);
  }
}
process.exit();
