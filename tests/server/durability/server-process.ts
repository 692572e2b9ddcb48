// The real server as a child process on loopback, and a small cookie-keeping HTTP client for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitUntilUp } from '../../support/loopback-server.ts';

export type ServerProcess = { url: string; port: number; child: ChildProcess; output: () => string };

/**
 * Starts `src/server/main.ts` in one node process (tsx as an import hook, no wrapper process), so
 * a SIGKILL hits the server itself. Resolves when it answers on its port.
 */
export async function startServer(env: NodeJS.ProcessEnv, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CLIENT_DIR: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/sanctum/csrf-cookie`, {
      exited: () => child.exitCode !== null,
      timeoutMs: 90_000,
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}:\n${output}`, { cause: error });
  }
  return { url, port, child, output: () => output };
}

/** kill -9, then wait until the process is gone. */
export async function killHard(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const gone = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await gone;
}

/** Keeps cookies like a browser and sends the XSRF header like the PWA. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(xsrf && { 'x-xsrf-token': xsrf }),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...this.headers,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date(),
      );
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: () => JSON.parse(text) as unknown,
    };
  }
}
