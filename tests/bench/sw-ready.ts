// How long after a first visit of the dashboard the service worker is ready (installed with its
// precache, active), on Lighthouse's mobile throttling: 150 ms and 1.6 Mbit/s shared by the page
// and the worker (throttling-proxy.ts), 4x CPU through the DevTools protocol; median of three cold
// visits. Also the precache as built (its
// entries, and the bytes the install downloads). Run after `npm run build`:
// npx tsx tests/bench/sw-ready.ts
// BENCH_APP_DIR=<dir holding a dist/> measures another build; BENCH_BASELINE_DIR=<dir holding a
// dist/> measures a second build in the same run, interleaved (e.g. the build before a change).
// (Before 2026-11-26 the network was throttled by DevTools, which slows the page's requests only:
// the worker's precache ran at full speed.)
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { chromiumPath, playwrightArgs } from '../support/chromium.ts';
import { startBuiltApp } from '../support/loopback-server.ts';
import { createAppSession, type AppSession } from './app-session.ts';
import { SLOW_4G, startThrottlingProxy } from './throttling-proxy.ts';

const GOAL_MS = 2000;
const GOAL_ENTRIES = 60;
const GOAL_KB = 400;

/** `base`: the server behind the throttling proxy, as the browser reaches it. */
type Build = { label: string; dir: string; base: string; session: AppSession; stop: () => void };

async function start(label: string, dir: string): Promise<Build> {
  const temp = mkdtempSync(join(tmpdir(), 'kompass-sw-ready-'));
  const app = await startBuiltApp(dir, join(temp, 'data'));
  const proxy = await startThrottlingProxy(app.base, SLOW_4G);
  const stop = () => {
    proxy.stop();
    app.stop();
    rmSync(temp, { recursive: true, force: true });
  };
  try {
    const session = await createAppSession(app.base, join(temp, 'data/mail'));
    return { label, dir, base: proxy.base, session, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The precache as the build's worker lists it: entries, and bytes sent (the .br copy where there is one). */
function precache(dir: string) {
  const client = join(dir, 'dist/client');
  const sw = readFileSync(join(client, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"?url"?:\s*"([^"]+)"/g)].map((m) => m[1]!);
  const sent = urls.reduce((total, url) => {
    const file = join(client, url);
    return total + statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }, 0);
  return { entries: urls.length, kb: Math.round(sent / 1024) };
}

/** One cold visit of the dashboard: ms from its load event until `navigator.serviceWorker.ready`. */
async function visit({ base, session }: Build) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: playwrightArgs,
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    await context.addCookies(
      session.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: base };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
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
      { timeout: 120_000 },
    );
    return Math.round(
      await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return (window as unknown as { swReadyAt: number }).swReadyAt - navigation.loadEventEnd;
      }),
    );
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const builds: Build[] = [];
try {
  builds.push(await start('this build', process.env.BENCH_APP_DIR ?? join(import.meta.dirname, '../..')));
  if (process.env.BENCH_BASELINE_DIR) builds.push(await start('baseline', process.env.BENCH_BASELINE_DIR));
  const times = builds.map(() => [] as number[]);
  for (let run = 0; run < 3; run++) {
    for (const [i, build] of builds.entries()) times[i]!.push(await visit(build));
  }
  for (const [i, build] of builds.entries()) {
    const ms = median(times[i]!);
    const { entries, kb } = precache(build.dir);
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    console.log(
      `${build.label} (${build.dir}): service worker ready ${ms} ms after the dashboard's load ` +
        `(${Math.min(...times[i]!)}–${Math.max(...times[i]!)} ms; goal ≤ ${GOAL_MS} ms: ${verdict(ms <= GOAL_MS)}); ` +
        `precache ${entries} entries (goal ≤ ${GOAL_ENTRIES}: ${verdict(entries <= GOAL_ENTRIES)}), ` +
        `${kb} KB sent (goal ≤ ${GOAL_KB} KB: ${verdict(kb <= GOAL_KB)})`,
    );
  }
  if (builds.length === 2) {
    console.log(`ratio this build / baseline: ${(median(times[0]!) / median(times[1]!)).toFixed(2)}`);
  }
} finally {
  for (const build of builds) build.stop();
}
