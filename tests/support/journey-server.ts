// What the browser journeys run against: a local SMTP server collecting mails, fakes of Steady and
// OP3, and the built app (`node dist/server/main.js`) on a free loopback port with a fresh data
// directory. The Playwright journeys (tests/e2e/global-setup.ts) and the engine journeys
// (tests/engines/) start it; the engine journeys also stop the app's process and start it again
// on the same port (an unreachable server, as a phone meets it: `navigator.onLine` stays true).
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtp } from '../e2e/support/smtp.ts';
import { startFakeSteady } from './fake-steady.ts';
import { FAKE_OP3_TOKEN, startFakeOp3 } from './fake-op3.ts';
import { freePort, freePorts, waitUntilUp } from './loopback-server.ts';

const repo = join(import.meta.dirname, '../..');
/**
 * The built app to run: this checkout's, or E2E_APP_ROOT's (another checkout's build, e.g. an
 * older commit's, to watch a journey catch what that commit got wrong).
 */
const root = process.env.E2E_APP_ROOT ?? repo;

/** `logName`: the server's log under test-results/ (one per pass, so a later pass keeps the earlier's). */
export async function startJourneyServer(logName: string) {
  const built =
    existsSync(join(root, 'dist/server/main.js')) && existsSync(join(root, 'dist/client/index.html'));
  if (!built || process.env.E2E_BUILD === '1') execSync('npm run build', { cwd: root, stdio: 'inherit' });

  const mailDir = mkdtempSync(join(tmpdir(), 'kompass-e2e-mail-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kompass-e2e-data-'));
  const smtp = await startSmtp(mailDir);
  // Billing runs against a local fake of the membership provider (tests/support/fake-steady.ts); it
  // learns the app's redirect address when the app has its port (`start`).
  const steady = await startFakeSteady();
  // OP3 too (tests/support/fake-op3.ts): every feed URL is a show with a generated year of
  // downloads; it accepts the token E2E_OP3_TOKEN ('endet auf …1a2b').
  const op3 = await startFakeOp3({ anyFeed: true });

  // The journeys' feed servers and push service listen on ports reserved here (their specs read
  // them from the environment, which the workers inherit): a bare 127.0.0.1 in the allow lists
  // would allow only ports 80 and 443. Several, since specs run side by side.
  const feedPorts = await freePorts(4);
  const pushPorts = await freePorts(2);
  const listed = (ports: number[]) => ports.map((port) => `127.0.0.1:${port}`).join(',');

  mkdirSync(join(repo, 'test-results'), { recursive: true });
  const logFile = `test-results/${logName}-server.log`;
  const log = createWriteStream(join(repo, logFile));
  const spawnApp = (port: number) => {
    const baseURL = `http://127.0.0.1:${port}`;
    steady.setRedirectUri(`${baseURL}/app/authorized`);
    const app = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // The journeys play many clients from one machine: loopback is their proxy.
        TRUST_PROXY: '127.0.0.1',
        // The import journeys serve their feeds from a local server (loopback is refused otherwise).
        FEED_ALLOWED_HOSTS: listed(feedPorts),
        // The push journey's push service runs on loopback too (tests/support/fake-push.ts).
        PUSH_ALLOWED_HOSTS: listed(pushPorts),
        ...steady.env(),
        ...op3.env(),
        // The billing and experiments journeys move the server's clock (POST /api/test/clock; exists only with this).
        KOMPASS_TEST_CLOCK: '1',
        // `npm test` runs the podcast journeys once more on PostgreSQL.
        ...(process.env.E2E_DATABASE_URL && { DATABASE_URL: process.env.E2E_DATABASE_URL }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    app.stdout.pipe(log, { end: false });
    app.stderr.pipe(log, { end: false });
    app.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const state = { app, baseURL, exited: false, portTaken: () => output.join('').includes('EADDRINUSE') };
    // 'close': the process has ended and its output is read (what portTaken looks at).
    app.once('close', () => (state.exited = true));
    return state;
  };
  const up = (server: ReturnType<typeof spawnApp>) =>
    waitUntilUp(`${server.baseURL}/sanctum/csrf-cookie`, {
      exited: () => server.exited,
      hint: `see ${logFile}`,
    });

  // The port is free when asked for and taken by the server a moment later; another socket may take
  // it in between (once in a run of the suite, 2026-11-28: EADDRINUSE, the pass's journeys not run).
  // A start that fails on a taken port is tried again on another.
  let server = spawnApp(await freePort());
  for (let attempt = 1; ; attempt++) {
    try {
      await up(server);
      break;
    } catch (error) {
      if (attempt === 3 || !server.exited || !server.portTaken()) throw error;
      server = spawnApp(await freePort());
    }
  }
  const port = Number(new URL(server.baseURL).port);

  const ended = (app: ChildProcess) => new Promise((resolve) => app.once('close', resolve));
  /** Ends the app's process (`signal`: SIGKILL is a server that is gone at once). */
  async function stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (server.exited) return;
    const done = ended(server.app);
    server.app.kill(signal);
    await done;
  }

  return {
    baseURL: server.baseURL,
    /** What the journeys read from the environment (Playwright's workers inherit it). */
    env: {
      E2E_BASE_URL: server.baseURL,
      E2E_MAIL_DIR: mailDir,
      E2E_DATA_DIR: dataDir,
      E2E_STEADY_URL: steady.url,
      E2E_OP3_URL: op3.url,
      E2E_OP3_TOKEN: FAKE_OP3_TOKEN,
      E2E_FEED_PORTS: feedPorts.join(','),
      E2E_PUSH_PORTS: pushPorts.join(','),
      // The mark of this run in what the journeys write (e2e/support/attempt.ts).
      E2E_RUN_ID: Date.now().toString(36),
    },
    stop,
    /** Starts the app again on its port, with its data (after `stop`). */
    async start() {
      server = spawnApp(port);
      await up(server);
    },
    async close() {
      await stop();
      await smtp.close();
      await steady.close();
      await op3.close();
      log.end();
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type JourneyServer = Awaited<ReturnType<typeof startJourneyServer>>;
