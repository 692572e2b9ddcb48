// First paint of the landing page against a bare Vite + React page, measured side by side in one
// run: Lighthouse mobile (three interleaved runs each, medians) and the landing's initial
// JavaScript (gzip sizes of the scripts '/' loads before any interaction).
// Run after `npm run build`: npx tsx tests/bench/lighthouse.ts [--gzip-proxy]
// --gzip-proxy puts a compressing proxy in front of the app (for a server that serves uncompressed).
// Everything listens on 127.0.0.1; Chromium is /usr/bin/chromium (or CHROME_PATH).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, devices } from '@playwright/test';
import { build } from 'vite';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';

const root = join(import.meta.dirname, '../..');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const gzipProxy = process.argv.includes('--gzip-proxy');
const runs = 3;

if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/client/index.html'))) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

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
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(temp, 'data'),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/sanctum/csrf-cookie`, { exited: () => child.exitCode !== null });
  return base;
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

type LighthouseResult = { performance: number; bestPractices: number; fcp: number; lcp: number; tbt: number };
type Report = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
};

const failedBestPractices = new Set<string>();

/** One Lighthouse run; Lighthouse sometimes loses the trace on this machine (NO_NAVSTART): one retry. */
async function lighthouse(url: string, isLanding: boolean): Promise<LighthouseResult> {
  try {
    return await lighthouseOnce(url, isLanding);
  } catch (error) {
    console.error(`${(error as Error).message}; trying once more`);
    return lighthouseOnce(url, isLanding);
  }
}

function lighthouseOnce(url: string, isLanding: boolean): Promise<LighthouseResult> {
  const output = join(temp, `lh-${Date.now()}.json`);
  const bin = join(root, 'node_modules/.bin/lighthouse');
  const args = [
    url,
    '--only-categories=performance,best-practices',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    '--no-enable-error-reporting',
    `--chrome-flags=${chromeFlags.join(' ')}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: 'inherit' });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
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

/** The scripts a first visit of '/' loads before interaction (service worker blocked: first visit). */
async function initialJavaScript(url: string) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts: { url: string; gzip: number; raw: number; transferred: number; encoded: boolean }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        scripts.push({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body).length,
          transferred: sizes.responseBodySize,
          encoded: Boolean(response.headers()['content-encoding']),
        });
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  const sum = (key: 'gzip' | 'raw' | 'transferred') => scripts.reduce((total, s) => total + s[key], 0);
  return {
    requests: scripts.length,
    gzip: sum('gzip'),
    raw: sum('raw'),
    transferred: sum('transferred'),
    compressed: scripts.filter((s) => s.encoded).length,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

try {
  const bareUrl = await startBarePage();
  const appBase = await startApp();
  const landingUrl = `${gzipProxy ? await startGzipProxy(appBase) : appBase}/`;

  const landing: LighthouseResult[] = [];
  const bare: LighthouseResult[] = [];
  for (let run = 0; run < runs; run++) {
    bare.push(await lighthouse(bareUrl, false));
    landing.push(await lighthouse(landingUrl, true));
  }
  const js = await initialJavaScript(landingUrl);

  const summary = (results: LighthouseResult[]) => ({
    performance: median(results.map((r) => r.performance)),
    bestPractices: median(results.map((r) => r.bestPractices)),
    fcp: median(results.map((r) => r.fcp)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
  });
  const l = summary(landing);
  const b = summary(bare);
  const goal = (ok: boolean) => (ok ? 'ok' : 'MISSED');

  console.log(
    `Lighthouse mobile, ${runs} interleaved runs each, medians${gzipProxy ? ', app behind a gzip proxy' : ''}`,
  );
  console.log(`                  landing   bare page   difference`);
  console.log(
    `performance       ${l.performance.toFixed(2).padEnd(9)} ${b.performance.toFixed(2).padEnd(11)} ` +
      `${(l.performance - b.performance).toFixed(2)} (goal ≥ -0.05: ${goal(b.performance - l.performance <= 0.05)})`,
  );
  for (const [name, key] of [
    ['FCP', 'fcp'],
    ['LCP', 'lcp'],
    ['TBT', 'tbt'],
  ] as const) {
    console.log(
      `${name.padEnd(17)} ${ms(l[key]).padEnd(9)} ${ms(b[key]).padEnd(11)} +${ms(l[key] - b[key])}`,
    );
  }
  console.log(
    `best practices    ${l.bestPractices.toFixed(2).padEnd(9)} ${b.bestPractices.toFixed(2).padEnd(11)} ` +
      `(goal 1.00: ${goal(l.bestPractices === 1)})`,
  );
  console.log(
    `landing initial JavaScript: ${kb(js.gzip)} gzipped (goal ≤ 150 KB: ${goal(js.gzip <= 150 * 1024)}), ` +
      `${kb(js.raw)} raw, ${js.requests} requests, ${js.compressed} of them served compressed ` +
      `(${kb(js.transferred)} transferred)`,
  );
  for (const line of failedBestPractices) console.log(`landing best-practices audit below 1: ${line}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(temp, { recursive: true, force: true });
}
