// App processes on PostgreSQL behind a local nginx, for the benches that restart or fail parts of
// the setup under load (rolling-restart.ts, failover.ts). Loopback only; nginx is Debian's
// package (`apt-get install -y nginx`), run with its own prefix, config and temp folders.
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { waitUntilUp } from '../../support/loopback-server.ts';
import { serverEntry, serverEnv } from './bench-server.ts';

const root = resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type App = { port: number; child?: ChildProcess };

/**
 * Starts app `n` on its port with `databaseUrl`, its log in `work/app-n.log`; resolves once
 * /readyz answers. BENCH_DIST=1 runs the built server (`dist/server/main.js`, `npm run build`
 * first), else the sources through tsx.
 */
export function startApp(work: string, app: App, n: number, databaseUrl: string) {
  const out = openSync(join(work, `app-${n}.log`), 'a');
  const child = spawn(process.execPath, serverEntry(), {
    cwd: root,
    env: serverEnv(app.port, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(work, `data-${n}`),
      CLIENT_DIR: '',
      APP_URL: 'http://studio.test',
      // nginx appends the client's address; the clients bring one each (per-client throttles).
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
    }),
    stdio: ['ignore', out, out],
  });
  app.child = child;
  return waitUntilUp(`http://127.0.0.1:${app.port}/readyz`, {
    exited: () => child.exitCode !== null,
    timeoutMs: 120_000,
    hint: `see ${work}/app-${n}.log`,
  });
}

/** SIGTERM, then waits for the exit; returns the exit code. */
export async function stopApp(app: App) {
  const child = app.child!;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return child.exitCode;
}

/** Whether the app's process still runs (it never exited, by itself or killed). */
export const running = (app: App) => app.child?.exitCode === null && app.child.signalCode === null;

/**
 * nginx on 127.0.0.1:`port` in front of `apps`, in `work/nginx`. Resolves once it answers
 * /healthz through an app.
 */
export async function startNginx(work: string, apps: App[], port: number) {
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
      # Not http_503: a database outage answers 503 in every process alike, so the next one
      # would only answer the same (three times the load), and with max_fails each 503 would
      # mark a process down until nginx had none left (502). The client retries after Retry-After.
      proxy_next_upstream error timeout non_idempotent;
      proxy_connect_timeout 1s;
      proxy_read_timeout 30s;
    }
  }
}
`,
  );
  const nginx = spawn(
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
  await waitUntilUp(`http://127.0.0.1:${port}/healthz`, {
    exited: () => nginx.exitCode !== null,
    timeoutMs: 10_000,
    hint: `see ${prefix}/logs`,
  });
  return nginx;
}

/** Stops nginx and every app still running; waits for them. */
export async function stopAll(nginx: ChildProcess | undefined, apps: App[]) {
  for (const app of apps) if (app.child && running(app)) app.child.kill('SIGTERM');
  if (nginx && nginx.exitCode === null) {
    const gone = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await Promise.race([gone, sleep(3_000)]);
    if (nginx.exitCode === null) nginx.kill('SIGKILL');
  }
  await Promise.all(
    apps.map((app) =>
      app.child && running(app) ? new Promise((resolve) => app.child!.once('exit', resolve)) : undefined,
    ),
  );
}
