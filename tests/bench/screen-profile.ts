// Where an app screen's first load spends the main thread: a CPU profile of each screen's load on
// a Pixel 7 at Lighthouse's mobile CPU throttling (4×) and its slow-4G network (150 ms, 1.6 Mbit/s;
// --cpu=N, --network=none change them),
// from navigation until the heading shows and the network is idle. Prints, per screen, the long
// tasks (the blocking time over 50 ms each, before and after the heading), the profile's self time
// by chunk and by source module (from the chunks' source maps), and the modules whose code ran
// before the heading (V8's precise coverage).
// Run: npx vite build --outDir /tmp/kbuild --emptyOutDir --sourcemap (it ends with the service
// worker plugin's error, which reads dist/client; the chunks and maps are written), then
//   BENCH_CLIENT_DIR=/tmp/kbuild npx tsx tests/bench/screen-profile.ts [--only=dashboard,...] [--top=N]
// (without BENCH_CLIENT_DIR it profiles dist/client, without module names: the build has no maps;
// BENCH_APP_DIR=<dir holding a dist/> profiles another build, e.g. a copy taken right after
// `npm run build`, which others rebuild meanwhile). On a busy machine compare shares and pairs of
// one run: the long tasks move with the load. Source maps are read with source-map-js (Vite's).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumPath, playwrightArgs } from '../support/chromium.ts';
import { startBuiltApp } from '../support/loopback-server.ts';
import { createAppSession } from './app-session.ts';

/** BENCH_APP_DIR=<dir holding a dist/>: another build (e.g. a copy of the one before a change), as lighthouse.ts. */
const root = process.env.BENCH_APP_DIR ?? join(import.meta.dirname, '../..');
const clientDir = process.env.BENCH_CLIENT_DIR ?? join(root, 'dist/client');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
/**
 * --cpu=1 --network=none: the load as Lighthouse observes it before it simulates a phone from it
 * (it runs unthrottled and scales the tasks, so the code takes the paths of a fast machine).
 */
const cpu = Number(process.argv.find((a) => a.startsWith('--cpu='))?.slice(6) ?? 4);
const slowNetwork = !process.argv.includes('--network=none');
/** --least=N: the busy stretches printed, from N ms (default 50; 13 with --cpu=1 is what Lighthouse's 4× makes 50). */
const least = Number(process.argv.find((a) => a.startsWith('--least='))?.slice(8) ?? 50);
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 15);

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type Coverage = {
  url: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}[];

/** Source maps of the client's chunks by path (`/assets/x.js`), with each chunk's line starts. */
const maps = new Map<string, { map: SourceMapConsumer; lineStarts: number[] } | null>();
function sourceMap(path: string) {
  if (!maps.has(path)) {
    const file = join(clientDir, path);
    if (!existsSync(`${file}.map`)) maps.set(path, null);
    else {
      const code = readFileSync(file, 'utf8');
      const lineStarts = [0];
      for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
      maps.set(path, {
        map: new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))),
        lineStarts,
      });
    }
  }
  return maps.get(path);
}

/** A source path as a reader names it: `react-dom` for a package, `src/client/…` for ours. */
function moduleName(source: string | null) {
  if (!source) return '?';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1]! : source.replace(/^.*?\/?(src\/)/, '$1');
}

/** The module at a 0-based line and column of a chunk; the chunk's name without a map. */
function moduleAt(url: string, line: number, column: number) {
  const path = url ? new URL(url).pathname : '';
  const found = path && line >= 0 ? sourceMap(path) : null;
  if (!found) return path.replace(/-[\w-]{8}\.js$/, '.js') || '(browser)';
  const position = found.map.originalPositionFor({
    line: line + 1,
    column,
    bias: SourceMapConsumer.GREATEST_LOWER_BOUND,
  });
  return moduleName(position.source);
}

function byTime(entries: Map<string, number>, total: number) {
  return [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, us]) =>
        `    ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / total).toFixed(0).padStart(3)} %  ${name}`,
    )
    .join('\n');
}

/** Self time (µs) of the profile by chunk and by module; idle and the program's own are apart. */
function selfTime(profile: Profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const chunks = new Map<string, number>();
  const modules = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (frame.functionName === '(idle)') return;
    busy += us;
    const chunk = frame.url
      ? new URL(frame.url).pathname.replace(/-[\w-]{8}\.js$/, '.js')
      : frame.functionName;
    chunks.set(chunk, (chunks.get(chunk) ?? 0) + us);
    const module = frame.url ? moduleAt(frame.url, frame.lineNumber, frame.columnNumber) : frame.functionName;
    modules.set(module, (modules.get(module) ?? 0) + us);
  });
  return { busy, chunks, modules };
}

/** A frame as its source names it: the function's original name and module, where a map has them. */
function frameName(frame: ProfileNode['callFrame']) {
  if (!frame.url) return frame.functionName || '(anonymous)';
  const path = new URL(frame.url).pathname;
  const found = frame.lineNumber >= 0 ? sourceMap(path) : null;
  if (!found) return `${frame.functionName || '(anonymous)'} ${path.replace(/-[\w-]{8}\.js$/, '.js')}`;
  const p = found.map.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
    bias: SourceMapConsumer.GREATEST_LOWER_BOUND,
  });
  return `${p.name ?? frame.functionName ?? '(anonymous)'} ${moduleName(p.source)}:${p.line}`;
}

/** React's entry points that say how it rendered: in slices (concurrent) or in one go (sync). */
const REACT_WORK =
  /^(workLoopSync|workLoopConcurrent\w*|performWorkOnRoot|commitRoot\w*|flushPassiveEffects\w*|flushSyncWork\w*|performWorkUntilDeadline|processRootScheduleInMicrotask|flushSpawnedWork) /;

/**
 * The profile's busy stretches of at least `least` ms (samples between two idle ones: about a task,
 * with the microtasks it ran), each with its modules by self time and the functions below which
 * most of it ran (total time, the outermost of our code first).
 */
function busyStretches(profile: Profile, least: number) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes)
    for (const c of (n as { children?: number[] }).children ?? []) parent.set(c, n.id);
  const stretches: { at: number; us: number; samples: [number, number][] }[] = [];
  let at = 0;
  let current: (typeof stretches)[number] | null = null;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const idle = nodes.get(id)!.callFrame.functionName === '(idle)';
    if (idle) current = null;
    else {
      if (!current) stretches.push((current = { at, us: 0, samples: [] }));
      current.us += us;
      current.samples.push([id, us]);
    }
    at += us;
  });
  return stretches
    .filter((s) => s.us >= least * 1000)
    .map((s) => {
      const modules = new Map<string, number>();
      const inclusive = new Map<string, number>();
      for (const [id, us] of s.samples) {
        const frame = nodes.get(id)!.callFrame;
        const module = frame.url
          ? moduleAt(frame.url, frame.lineNumber, frame.columnNumber)
          : frame.functionName;
        modules.set(module, (modules.get(module) ?? 0) + us);
        const seen = new Set<string>();
        for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
          const f = nodes.get(n)!.callFrame;
          if (!f.url) continue;
          const name = frameName(f);
          if (!(name.includes(' src/') || REACT_WORK.test(name)) || seen.has(name)) continue;
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + us);
        }
      }
      const list = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
          .join('; ');
      return `    at ${(s.at / 1000).toFixed(0)} ms, ${(s.us / 1000).toFixed(0)} ms: ${list(modules, 5)}\n      in: ${list(inclusive, 10)}`;
    })
    .join('\n');
}

/** Time (µs) under React's render loops: one blocking pass (sync) or in slices (concurrent). */
function renderModes(profile: Profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes)
    for (const c of (n as { children?: number[] }).children ?? []) parent.set(c, n.id);
  const modes = { sync: 0, concurrent: 0 };
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = nodes.get(n)!.callFrame;
      if (!f.url || !f.url.includes('/assets/')) continue;
      const name = frameName(f);
      if (name.startsWith('workLoopSync ')) modes.sync += us;
      else if (name.startsWith('workLoopConcurrent')) modes.concurrent += us;
      else continue;
      break;
    }
  });
  return modes;
}

/** The modules with code that ran (count > 0), from block coverage mapped through the source maps. */
function modulesRun(coverage: Coverage) {
  const ran = new Set<string>();
  for (const script of coverage) {
    if (!script.url.includes('/assets/')) continue;
    const found = sourceMap(new URL(script.url).pathname);
    if (!found) continue;
    for (const fn of script.functions) {
      for (const range of fn.ranges) {
        if (range.count === 0) continue;
        // The start of the range is enough to name the module a function belongs to.
        const line = found.lineStarts.findLastIndex((start) => start <= range.startOffset);
        ran.add(moduleAt(script.url, line, range.startOffset - found.lineStarts[line]!));
      }
    }
  }
  return ran;
}

const temp = mkdtempSync(join(tmpdir(), 'kompass-profile-'));
// The app serves `dist/client` of its directory: a directory whose dist/ holds this client and the built server.
const appDir = join(temp, 'app');
mkdirSync(join(appDir, 'dist'), { recursive: true });
symlinkSync(join(root, 'dist/server'), join(appDir, 'dist/server'));
symlinkSync(clientDir, join(appDir, 'dist/client'));
const app = await startBuiltApp(appDir, join(temp, 'data'));
try {
  const session = await createAppSession(app.base, join(temp, 'data/mail'));
  const screens = [
    { name: 'dashboard', path: '/app/podcast' },
    { name: 'method list', path: '/app/practices/list' },
    { name: 'method detail', path: `/app/practices/${session.practiceId}/overview` },
    { name: 'experiment', path: `/app/experiments/${session.experimentId}` },
  ].filter((s) => !only || only.includes(s.name));
  console.log(
    `load average ${loadavg()[0]!.toFixed(1)}, client ${clientDir}, CPU ${cpu}× slower, ` +
      `network ${slowNetwork ? 'slow 4G (150 ms, 1.6 Mbit/s)' : 'unthrottled'}`,
  );
  for (const screen of screens) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: playwrightArgs });
    const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' });
    await context.addCookies(
      session.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: app.base };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (slowNetwork) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    await page.addInitScript(() => {
      const w = window as { tasks?: [number, number][]; headingAt?: number };
      w.tasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.tasks!.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new MutationObserver((_, observer) => {
        if (!document.querySelector('h1')) return;
        w.headingAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const requested: string[] = [];
    let headingSeen = false;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/(api|assets)\//.test(url.pathname))
        requested.push(
          `${headingSeen ? 'after' : 'before'} ${url.pathname.replace(/-[\w-]{8}\.js$/, '.js')}${url.search}`,
        );
    });
    await cdp.send('Profiler.start');
    await page.goto(app.base + screen.path);
    await page.locator('h1').first().waitFor({ timeout: 60_000 });
    headingSeen = true;
    const atHeading = (await cdp.send('Profiler.takePreciseCoverage')).result as Coverage;
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    await cdp.send('Profiler.start');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const { profile: afterHeading } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const { tasks, headingAt } = await page.evaluate(() => {
      const w = window as { tasks?: [number, number][]; headingAt?: number };
      return { tasks: w.tasks ?? [], headingAt: w.headingAt ?? 0 };
    });
    await browser.close();
    const blocking = (list: [number, number][]) => list.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    const before = tasks.filter(([start]) => start < headingAt);
    const after = tasks.filter(([start]) => start >= headingAt);
    const { busy, chunks, modules } = selfTime(profile);
    const afterwards = selfTime(afterHeading);
    console.log(`\n${screen.name} (${screen.path}): heading at ${Math.round(headingAt)} ms`);
    console.log(
      `  long tasks: ${before.length} before the heading (blocking ${Math.round(blocking(before))} ms: ` +
        `${before.map(([, d]) => Math.round(d)).join(', ')}), ${after.length} after (blocking ${Math.round(blocking(after))} ms)`,
    );
    console.log(
      `  until the heading: main thread busy ${(busy / 1000).toFixed(0)} ms; self time by chunk:\n${byTime(chunks, busy)}`,
    );
    console.log(`  by module:\n${byTime(modules, busy)}`);
    const modes = renderModes(profile);
    console.log(
      `  React rendering until the heading: ${(modes.sync / 1000).toFixed(0)} ms in one blocking pass (workLoopSync), ` +
        `${(modes.concurrent / 1000).toFixed(0)} ms in slices (workLoopConcurrent)`,
    );
    console.log(`  busy stretches ≥ ${least} ms until the heading:\n${busyStretches(profile, least)}`);
    console.log(`  busy stretches ≥ ${least} ms after it:\n${busyStretches(afterHeading, least)}`);
    console.log(
      `  after the heading until the network is idle (+1 s): busy ${(afterwards.busy / 1000).toFixed(0)} ms; by module:\n` +
        byTime(afterwards.modules, afterwards.busy),
    );
    const later = requested.filter((r) => r.startsWith('after ')).map((r) => r.slice(6));
    console.log(`  requested after the heading was seen (${later.length}): ${later.join(', ')}`);
    const ran = [...modulesRun(atHeading)].filter((m) => m.startsWith('src/')).sort();
    if (ran.length > 0)
      console.log(`  our modules that ran before the heading (${ran.length}):\n    ${ran.join('\n    ')}`);
  }
} finally {
  app.stop();
  rmSync(temp, { recursive: true, force: true });
}
