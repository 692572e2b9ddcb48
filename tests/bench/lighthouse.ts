// First paint of the landing page and of the four app screens (dashboard, method list, method
// detail, experiment detail; cold cache, logged in by a session cookie) against a bare Vite + React
// page, measured side by side in one run: Lighthouse mobile (three interleaved runs each, medians
// and ranges), and per screen its JavaScript (gzip sizes and number of the scripts it loads), what
// arrives uncompressed, and the longest chain of API requests before its heading shows.
// Run after `npm run build`: npx tsx tests/bench/lighthouse.ts [--gzip-proxy] [--runs=N] [--only=dashboard,...]
// --gzip-proxy puts a compressing proxy in front of the app (for a server that serves uncompressed).
// Everything listens on 127.0.0.1; Chromium is /usr/bin/chromium (or CHROME_PATH).
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, devices } from '@playwright/test';
import { build } from 'vite';
import { chromiumPath, lighthouseFlags, playwrightArgs } from '../support/chromium.ts';
import { startBuiltApp } from '../support/loopback-server.ts';
import { createAppSession } from './app-session.ts';

const root = join(import.meta.dirname, '../..');
/** Where the built app is: BENCH_APP_DIR=<dir holding a dist/> measures another build (e.g. a copy of the one before a change). */
const appDir = process.env.BENCH_APP_DIR ?? root;
const chromeFlags = lighthouseFlags();
const gzipProxy = process.argv.includes('--gzip-proxy');
/** --only=dashboard,experiment measures only those screens (names as printed). */
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
/**
 * BENCH_LH_DIR=<dir> keeps every Lighthouse report there (bootup time, main-thread work, network),
 * with the trace of its load beside it (`<report>.trace.json`: the main thread's tasks one by one).
 */
const keepReports = process.env.BENCH_LH_DIR;
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);

if (!existsSync(join(appDir, 'dist/server/main.js')) || !existsSync(join(appDir, 'dist/client/index.html'))) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

if (keepReports) mkdirSync(keepReports, { recursive: true });
const temp = mkdtempSync(join(tmpdir(), 'kompass-lighthouse-'));
const children: ChildProcess[] = [];
const servers: Server[] = [];

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const compressible = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg)/;

/** The bare page: built with Vite's API from tests/bench/bare-page, served gzipped like any static host. */
async function startBarePage() {
  const outDir = join(temp, 'bare');
  await build({
    root: join(import.meta.dirname, 'bare-page'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(outDir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(outDir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = types[extname(file)] ?? 'application/octet-stream';
    let body = readFileSync(file);
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache' };
    if (compressible.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(200, headers).end(body);
  });
  return `http://127.0.0.1:${await listen(server)}/`;
}

/** The built app, as `npm start` runs it, on a fresh data directory. */
async function startApp() {
  const app = await startBuiltApp(appDir, join(temp, 'data'));
  children.push(app.child);
  return app.base;
}

/** A loopback proxy that gzips what the app sends uncompressed. */
async function startGzipProxy(target: string) {
  const { port } = new URL(target);
  const server = createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer: IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          const type = String(headers['content-type'] ?? '');
          const accepts = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
          if (accepts && !headers['content-encoding'] && compressible.test(type) && body.length > 1024) {
            body = gzipSync(body);
            headers['content-encoding'] = 'gzip';
            headers['content-length'] = String(body.length);
            delete headers['transfer-encoding'];
          }
          res.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    req.pipe(upstream);
  });
  return `http://127.0.0.1:${await listen(server)}`;
}

type LighthouseResult = {
  performance: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Lighthouse's own measure of the machine's speed at the run (higher is faster). */
  benchmarkIndex: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
};
type Report = {
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
};

const failedBestPractices = new Set<string>();

/** One Lighthouse run; Lighthouse sometimes loses the trace on this machine (NO_NAVSTART): one retry. */
async function lighthouse(url: string, isLanding: boolean, cookie?: string): Promise<LighthouseResult> {
  try {
    return await lighthouseOnce(url, isLanding, cookie);
  } catch (error) {
    console.error(`${(error as Error).message}; trying once more`);
    return lighthouseOnce(url, isLanding, cookie);
  }
}

function lighthouseOnce(url: string, isLanding: boolean, cookie?: string): Promise<LighthouseResult> {
  const output = join(temp, `lh-${Date.now()}.json`);
  const bin = join(root, 'node_modules/.bin/lighthouse');
  const args = [
    url,
    '--only-categories=performance,best-practices',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    ...(keepReports ? ['--save-assets'] : []),
    '--no-enable-error-reporting',
    `--chrome-flags=${chromeFlags.join(' ')}`,
    // The session as a header: Lighthouse resets storage (cold cache), the cookie stays.
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: 'inherit' });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
      if (keepReports) {
        const name = new URL(url).pathname.replace(/\W+/g, '-') || 'root';
        const kept = join(keepReports, `${new URL(url).port}${name}-${Date.now()}`);
        copyFileSync(output, `${kept}.json`);
        copyFileSync(output.replace(/\.json$/, '-0.trace.json'), `${kept}.trace.json`);
      }
      for (const [id, audit] of Object.entries(report.audits)) {
        if (isLanding && audit.score !== null && audit.score < 1 && bestPracticeIds.has(id))
          failedBestPractices.add(`${id}: ${audit.title}`);
      }
      resolve({
        performance: report.categories.performance!.score,
        bestPractices: report.categories['best-practices']!.score,
        fcp: report.audits['first-contentful-paint']!.numericValue!,
        lcp: report.audits['largest-contentful-paint']!.numericValue!,
        tbt: report.audits['total-blocking-time']!.numericValue!,
        benchmarkIndex: report.environment.benchmarkIndex,
        load: loadavg()[0]!,
      });
    });
  });
}

const bestPracticeIds = new Set([
  'errors-in-console',
  'csp-xss',
  'inspector-issues',
  'deprecations',
  'is-on-https',
  'valid-source-maps',
  'image-aspect-ratio',
  'image-size-responsive',
  'doctype',
  'charset',
  'third-party-cookies',
]);

/** What every app screen asks for first (session, podcasts, the selected podcast). */
const SHELL_CALLS = new Set(['/api/account/session', '/api/account/podcasts', '/api/account/context']);

type ApiRequest = { path: string; start: number; end: number };

/** The longest run of requests each started only after the one before had answered, sorted by start. */
function longestChain(requests: ApiRequest[]) {
  const depth = requests.map(() => 1);
  const previous = requests.map(() => -1);
  requests.forEach((r, i) => {
    for (let j = 0; j < i; j++)
      if (requests[j]!.end <= r.start && depth[j]! + 1 > depth[i]!) {
        depth[i] = depth[j]! + 1;
        previous[i] = j;
      }
  });
  const paths: string[] = [];
  for (let i = depth.indexOf(Math.max(0, ...depth)); i >= 0; i = previous[i]!)
    paths.unshift(requests[i]!.path);
  return { length: paths.length, paths };
}

type Screen = { name: string; url: string; cookie?: string; isLanding?: boolean };

type Loaded = { url: string; type: string; bytes: number; gzip: number; encoded: boolean; start: number };

/**
 * What a first visit of the screen loads (service worker blocked, no cache), on a Pixel 7 without
 * throttling: its scripts, what came uncompressed, and the longest chain of API requests each
 * started only after the one before had answered, among those started before the screen's
 * heading showed (its first meaningful paint).
 */
async function screenLoad(screen: Screen) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: playwrightArgs });
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' });
  if (screen.cookie) {
    await context.addCookies(
      screen.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: new URL(screen.url).origin };
      }),
    );
  }
  const page = await context.newPage();
  const loaded: Loaded[] = [];
  const api: ApiRequest[] = [];
  const started = new Map<object, number>();
  const pending: Promise<void>[] = [];
  page.on('request', (request) => started.set(request, Date.now()));
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/'))
      api.push({ path, start: started.get(request) ?? Date.now(), end: Date.now() });
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!['script', 'stylesheet', 'fetch', 'xhr'].includes(type) || response.status() !== 200) return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        loaded.push({
          url: new URL(response.url()).pathname,
          type,
          bytes: body.length,
          gzip: gzipSync(body).length,
          encoded: Boolean(response.headers()['content-encoding']),
          start: started.get(response.request()) ?? Date.now(),
        });
      })(),
    );
  });
  // When the heading entered the page, by the page's own clock: Playwright sees it only at its next
  // poll, which on a busy machine came after the chunks loaded once the screen had settled, and
  // those were counted as loaded before the paint (2026-11-26).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('h1')) return;
      (window as { headingAt?: number }).headingAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(screen.url);
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  const painted = Date.now();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const { headingAt, scriptStarts } = await page.evaluate(() => ({
    headingAt: (window as { headingAt?: number }).headingAt ?? Infinity,
    scriptStarts: performance
      .getEntriesByType('resource')
      .map((e) => [new URL(e.name).pathname, e.startTime] as const),
  }));
  await browser.close();
  const startedAt = new Map<string, number>();
  for (const [path, start] of scriptStarts) if (!startedAt.has(path)) startedAt.set(path, start);

  // Longest path through "started after the other had answered", over the requests before the paint.
  const before = api.filter((r) => r.start <= painted).sort((a, b) => a.start - b.start);
  const chain = longestChain(before);
  const afterShell = longestChain(before.filter((r) => !SHELL_CALLS.has(r.path)));
  const scripts = loaded.filter((l) => l.type === 'script');
  // The goal counts what the screen loads for its first paint; what loads after it is printed apart.
  const scriptsBefore = scripts.filter((s) => (startedAt.get(s.url) ?? Infinity) <= headingAt);
  // Below 1 KB, compression saves less than its headers cost; the build precompresses from 1 KB.
  const uncompressed = loaded.filter((l) => !l.encoded && l.bytes >= 1024).map((l) => l.url);
  const small = loaded.filter((l) => !l.encoded && l.bytes < 1024).length;
  return {
    small,
    scripts: scriptsBefore.length,
    gzip: scriptsBefore.reduce((total, s) => total + s.gzip, 0),
    scriptsAll: scripts.length,
    gzipAll: scripts.reduce((total, s) => total + s.gzip, 0),
    uncompressed,
    chain,
    afterShell,
    apiBeforePaint: before.length,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[], format: (v: number) => string) =>
  `${format(Math.min(...values))}–${format(Math.max(...values))}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const score = (value: number) => value.toFixed(2);
const goal = (ok: boolean) => (ok ? 'ok' : 'MISSED');

try {
  const [loadBefore] = loadavg();
  if (loadBefore! > 1) {
    console.error(
      `warning: load average ${loadBefore!.toFixed(1)} before the runs; Lighthouse counts other work ` +
        'on this machine four times (see "machine:" below), so the app screens will score lower',
    );
  }
  const bareUrl = await startBarePage();
  const appBase = await startApp();
  const base = gzipProxy ? await startGzipProxy(appBase) : appBase;
  const session = await createAppSession(appBase, join(temp, 'data/mail'));
  const screens: Screen[] = [
    { name: 'landing', url: `${base}/`, isLanding: true },
    { name: 'dashboard', url: `${base}/app/podcast`, cookie: session.cookie },
    { name: 'method list', url: `${base}/app/practices/list`, cookie: session.cookie },
    {
      name: 'method detail',
      url: `${base}/app/practices/${session.practiceId}/overview`,
      cookie: session.cookie,
    },
    { name: 'experiment', url: `${base}/app/experiments/${session.experimentId}`, cookie: session.cookie },
  ];

  if (only) screens.splice(0, screens.length, ...screens.filter((s) => only.includes(s.name)));
  const bare: LighthouseResult[] = [];
  const results = new Map<string, LighthouseResult[]>(screens.map((s) => [s.name, []]));
  for (let run = 0; run < runs; run++) {
    bare.push(await lighthouse(bareUrl, false));
    for (const screen of screens) {
      results.get(screen.name)!.push(await lighthouse(screen.url, screen.isLanding ?? false, screen.cookie));
    }
  }

  console.log(
    `Lighthouse 12 mobile (simulated slow 4G, 4x CPU), cold cache, ${runs} interleaved runs each: ` +
      `median (range)${gzipProxy ? ', app behind a gzip proxy' : ''}`,
  );
  // Lighthouse scales what it observed by 4 to model a phone, so whatever else keeps this
  // machine's cores busy during a run counts four times: an app screen's TBT went from ~0.1 s at
  // load 0.7 to 0.8–1.5 s at load 2–3.7 with the same code (2026-11-28/29, issue 25). Both figures
  // below say how quiet the machine was.
  const runsAll = [...bare, ...[...results.values()].flat()];
  console.log(
    `machine: Lighthouse benchmark index ${Math.round(median(runsAll.map((r) => r.benchmarkIndex)))} ` +
      `(${range(
        runsAll.map((r) => r.benchmarkIndex),
        (v) => String(Math.round(v)),
      )}), ` +
      `load average ${range(
        runsAll.map((r) => r.load),
        (v) => v.toFixed(1),
      )}`,
  );
  const b = {
    performance: median(bare.map((r) => r.performance)),
    lcp: median(bare.map((r) => r.lcp)),
    tbt: median(bare.map((r) => r.tbt)),
    fcp: median(bare.map((r) => r.fcp)),
  };
  console.log(
    `bare page        performance ${score(b.performance)} (${range(
      bare.map((r) => r.performance),
      score,
    )}), ` + `FCP ${ms(b.fcp)}, LCP ${ms(b.lcp)}, TBT ${ms(b.tbt)}`,
  );
  for (const screen of screens) {
    const all = results.get(screen.name)!;
    const m = (key: keyof LighthouseResult) => median(all.map((r) => r[key]));
    const performance = m('performance');
    const load = await screenLoad(screen);
    const ratio = performance / b.performance;
    const performanceGoal = screen.isLanding
      ? `goal within 0.05 of the bare page: ${goal(b.performance - performance <= 0.05)}`
      : `goal ≥ 0.90: ${goal(performance >= 0.9)}`;
    console.log(`\n${screen.name} (${new URL(screen.url).pathname})`);
    console.log(
      `  performance ${score(performance)} (${range(
        all.map((r) => r.performance),
        score,
      )}), ` + `bare ${score(b.performance)}, ratio ${ratio.toFixed(2)}; ${performanceGoal}`,
    );
    console.log(
      `  FCP ${ms(m('fcp'))} (${range(
        all.map((r) => r.fcp),
        ms,
      )}; bare ${ms(b.fcp)})` +
        `  LCP ${ms(m('lcp'))} (${range(
          all.map((r) => r.lcp),
          ms,
        )}; bare ${ms(b.lcp)}; goal ≤ 2500 ms: ${goal(m('lcp') <= 2500)})`,
    );
    console.log(
      `  TBT ${ms(m('tbt'))} (${range(
        all.map((r) => r.tbt),
        ms,
      )}; bare ${ms(b.tbt)}; goal ≤ 200 ms: ${goal(m('tbt') <= 200)})`,
    );
    console.log(
      `  JavaScript before the heading ${kb(load.gzip)} gzipped in ${load.scripts} scripts ` +
        `(goal ≤ 170 KB: ${goal(load.gzip <= 170 * 1024)}, ≤ 25 scripts: ${goal(load.scripts <= 25)}); ` +
        `with what loads after it ${kb(load.gzipAll)} in ${load.scriptsAll}; ` +
        `uncompressed from 1 KB: ${load.uncompressed.length} (goal 0: ${goal(load.uncompressed.length === 0)}), ` +
        `below 1 KB sent as they are: ${load.small}`,
    );
    for (const url of load.uncompressed) console.log(`    uncompressed: ${url}`);
    console.log(
      `  API requests before the heading: ${load.apiBeforePaint}, longest sequential chain ${load.chain.length}` +
        (screen.cookie
          ? `, after the shell (${[...SHELL_CALLS].map((p) => p.slice(13)).join(', ')}) ` +
            `${load.afterShell.length} (goal 1: ${goal(load.afterShell.length <= 1)})`
          : ''),
    );
    if (load.chain.length > 1) console.log(`    chain: ${load.chain.paths.join(' → ')}`);
    if (screen.isLanding) {
      console.log(
        `  best practices ${score(m('bestPractices'))} (goal 1.00: ${goal(m('bestPractices') === 1)})`,
      );
      for (const line of failedBestPractices) console.log(`    best-practices audit below 1: ${line}`);
    }
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(temp, { recursive: true, force: true });
}
