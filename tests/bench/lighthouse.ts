// First paint of the landing page and of the four app screens (dashboard, method list, method
// detail, experiment detail; cold cache, logged in by a session cookie) against a bare Vite + React
// page, measured side by side in one run: Lighthouse mobile (three interleaved runs each, medians
// and ranges), and per screen its JavaScript (gzip sizes and number of the scripts it loads), what
// arrives uncompressed, and the longest chain of API requests before its heading shows.
// Run after `npm run build`: npx tsx tests/bench/lighthouse.ts [--gzip-proxy] [--runs=N] [--only=dashboard,...]
// --gzip-proxy puts a compressing proxy in front of the app (for a server that serves uncompressed).
// Everything listens on 127.0.0.1; Chromium is /usr/bin/chromium (or CHROME_PATH).
// Its parts: the servers (lighthouse-servers.ts), one Lighthouse run (lighthouse-run.ts), what a
// screen loads (screen-load.ts).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppSession } from './app-session.ts';
import { lighthouseRunner, type LighthouseResult } from './lighthouse-run.ts';
import { benchServers } from './lighthouse-servers.ts';
import { screenLoad, SHELL_CALLS, type Screen } from './screen-load.ts';

const root = join(import.meta.dirname, '../..');
/** Where the built app is: BENCH_APP_DIR=<dir holding a dist/> measures another build (e.g. a copy of the one before a change). */
const appDir = process.env.BENCH_APP_DIR ?? root;
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
const { startBarePage, startApp, startGzipProxy, close } = benchServers(temp, appDir);
const { lighthouse, failedBestPractices } = lighthouseRunner(temp, keepReports);

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
  // load 0.7 to 0.8–1.5 s at load 2–3.7 with the same code (2026-11-28/29). Both figures
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
  await close();
  rmSync(temp, { recursive: true, force: true });
}
