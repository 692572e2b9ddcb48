// How long after a first visit of the dashboard the service worker is ready (installed with its
// precache, active), on Lighthouse's mobile throttling (150 ms, 1.6 Mbit/s, 4x CPU) applied through
// the DevTools protocol; median of three cold visits. Run after `npm run build`:
// npx tsx tests/bench/sw-ready.ts (BENCH_APP_DIR=<dir holding a dist/> measures another build).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';
import { createAppSession } from './app-session.ts';

const appDir = process.env.BENCH_APP_DIR ?? join(import.meta.dirname, '../..');
const temp = mkdtempSync(join(tmpdir(), 'kompass-sw-ready-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: appDir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(temp, 'data'),
    APP_URL: base,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitUntilUp(`${base}/sanctum/csrf-cookie`, { exited: () => child.exitCode !== null });
  const session = await createAppSession(base, join(temp, 'data/mail'));
  const times: number[] = [];
  const counts: number[] = [];
  for (let run = 0; run < 3; run++) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    await context.addCookies(
      session.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: base };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The moment the worker is ready, in the page's clock (as its load event).
    await page.addInitScript(() => {
      void navigator.serviceWorker.ready.then(() => {
        (window as unknown as { swReadyAt: number }).swReadyAt = performance.now();
      });
    });
    await page.goto(`${base}/app/podcast`);
    await page.waitForFunction(
      () => (window as unknown as { swReadyAt?: number }).swReadyAt !== undefined,
      null,
      {
        timeout: 120_000,
      },
    );
    times.push(
      Math.round(
        await page.evaluate(() => {
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return (window as unknown as { swReadyAt: number }).swReadyAt - navigation.loadEventEnd;
        }),
      ),
    );
    counts.push(
      await page.evaluate(async () => {
        const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
        return name ? (await (await caches.open(name)).keys()).length : 0;
      }),
    );
    await browser.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
  console.log(
    `service worker ready after the dashboard's load: median ${median(times)} ms ` +
      `(${Math.min(...times)}–${Math.max(...times)} ms; goal ≤ 2000 ms: ${median(times) <= 2000 ? 'ok' : 'MISSED'}), ` +
      `precache ${median(counts)} entries`,
  );
} finally {
  child.kill('SIGTERM');
  rmSync(temp, { recursive: true, force: true });
}
