// Starting our server as a child process, for the E2E setup, the crash test and the benches:
// a free loopback port, and waiting until the server answers.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';

/** A free loopback port (asked from the kernel, then released for the server to take). */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `count` distinct free loopback ports, for servers a test starts later that must be named in
 * FEED_ALLOWED_HOSTS / PUSH_ALLOWED_HOSTS up front (a bare host allows only 80 and 443).
 */
export async function freePorts(count: number) {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** The ports in the variable `name` (comma-separated; none when unset). */
export const portsFrom = (name: string) => (process.env[name] ?? '').split(',').filter(Boolean).map(Number);

/**
 * Listens on the first of `ports` that is free (another spec may hold one), on loopback; on any
 * free port when `ports` is empty.
 */
export async function listenOnOneOf(server: Server, ports: number[]) {
  for (const port of ports.length > 0 ? ports : [0]) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`none of the ports ${ports.join(', ')} is free`);
}

/**
 * Resolves once `url` answers 2xx; throws when `exited()` says the process is gone or after
 * `timeoutMs`, with `hint` (where the logs are) in the message.
 */
export async function waitUntilUp(
  url: string,
  {
    exited = () => false,
    timeoutMs = 60_000,
    hint = '',
  }: { exited?: () => boolean; timeoutMs?: number; hint?: string } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the server exited during start${hint && `; ${hint}`}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${hint && `; ${hint}`}`);
}

/**
 * The built app (`dist/server/main.js` of `dir`), as `npm start` runs it, on SQLite in `dataDir`,
 * mail to the outbox folder; resolves once it answers. For the benches and the PWA asset script.
 */
export async function startBuiltApp(dir: string, dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: base,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilUp(`${base}/sanctum/csrf-cookie`, { exited: () => child.exitCode !== null });
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { base, child, stop: () => child.kill('SIGTERM') };
}
