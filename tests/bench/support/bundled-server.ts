// The memory benches' server: src/server/main.ts bundled by esbuild as `npm start` runs it (packages
// from node_modules), started as a child process on loopback with a fresh SQLite data folder; a
// verified user with a session made through the API as a browser makes it; the child's resident
// memory (VmRSS). BENCH_ROOT=<checkout> measures another checkout (before/after figures).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { build } from 'esbuild';
import { freePort, waitUntilUp } from '../../support/loopback-server.ts';

export async function startBundledServer(name: string) {
  const root = resolve(process.env.BENCH_ROOT ?? '.');
  const entry = join(root, `dist/${name}/main.js`);
  await build({
    entryPoints: [join(root, 'src/server/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `kompass-${name}-`));
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => child.kill('SIGTERM');
  process.on('exit', stop);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/sanctum/csrf-cookie`, { exited: () => child.exitCode !== null });
  const rssMb = () => {
    const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)!;
    return Number(line[1]) / 1024;
  };
  const sqlite = () => new SQLite(join(dataDir, 'studio.sqlite'));
  return { root, base, pid: child.pid, rssMb, sqlite, stop };
}

/** A verified user (bench@example.org) with a session: the headers its writes carry, and its id. */
export async function benchUser(server: { base: string; sqlite(): SQLite.Database }) {
  const { base } = server;
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const xsrf = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
  const token = decodeURIComponent(xsrf.split('=')[1]!);
  const registration = await fetch(`${base}/api/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': token },
    body: JSON.stringify({
      email: 'bench@example.org',
      password: 'bench-passwort-1',
      password_confirmation: 'bench-passwort-1',
      terms: true,
      privacy: true,
    }),
  });
  const cookieOf = (name: string) =>
    registration.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))!
      .split(';')[0]!;
  const session = cookieOf('kompass_session');
  // The CSRF token is bound to the session: registration hands out a new one.
  const sessionXsrf = cookieOf('XSRF-TOKEN');
  const db = server.sqlite();
  db.prepare('UPDATE users SET email_verified_at = ?').run(new Date().toISOString());
  const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get('bench@example.org') as {
    id: number;
  };
  db.close();
  const headers = { cookie: `${sessionXsrf}; ${session}`, 'x-xsrf-token': sessionXsrf.split('=')[1]! };
  return { headers, userId: id };
}
