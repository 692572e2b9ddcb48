// Starts what the journeys need: a local SMTP server collecting mails, and the built app
// (`node dist/server/main.js`) on a free port with a fresh data directory.
import { execSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startSmtp } from './support/smtp.ts';
import { startFakeSteady } from '../support/fake-steady.ts';
import { FAKE_OP3_TOKEN, startFakeOp3 } from '../support/fake-op3.ts';
import { freePort, freePorts, waitUntilUp } from '../support/loopback-server.ts';

const root = join(import.meta.dirname, '../..');

export default async function globalSetup() {
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
  process.env.E2E_FEED_PORTS = feedPorts.join(',');
  process.env.E2E_PUSH_PORTS = pushPorts.join(',');
  const listed = (ports: number[]) => ports.map((port) => `127.0.0.1:${port}`).join(',');

  mkdirSync(join(root, 'test-results'), { recursive: true });
  // One log per pass of `npm test` (named after its report), so a later pass keeps the earlier's.
  const logFile = `test-results/${basename(process.env.E2E_REPORT ?? 'e2e', '.json')}-server.log`;
  const log = createWriteStream(join(root, logFile));
  const start = (port: number) => {
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

  // The port is free when asked for and taken by the server a moment later; another socket may take
  // it in between (once in a run of the suite, 2026-11-28: EADDRINUSE, the pass's journeys not run).
  // A start that fails on a taken port is tried again on another.
  let server = start(await freePort());
  for (let attempt = 1; ; attempt++) {
    try {
      await waitUntilUp(`${server.baseURL}/sanctum/csrf-cookie`, {
        exited: () => server.exited,
        hint: `see ${logFile}`,
      });
      break;
    } catch (error) {
      if (attempt === 3 || !server.exited || !server.portTaken()) throw error;
      server = start(await freePort());
    }
  }
  const { app, baseURL } = server;

  // Workers inherit these (they start after global setup); playwright.config.ts reads the URL.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_STEADY_URL = steady.url;
  process.env.E2E_OP3_URL = op3.url;
  process.env.E2E_OP3_TOKEN = FAKE_OP3_TOKEN;
  // The mark of this run in what the journeys write (support/attempt.ts).
  process.env.E2E_RUN_ID = Date.now().toString(36);

  return async () => {
    if (!server.exited) {
      const done = new Promise((r) => app.once('close', r));
      app.kill('SIGTERM');
      await done;
    }
    await smtp.close();
    await steady.close();
    await op3.close();
    log.end();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
