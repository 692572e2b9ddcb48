// What a first visit of an app screen loads, for the Lighthouse bench (lighthouse.ts): its scripts
// before and after the first paint, what came uncompressed, and its longest chain of API requests.
import { gzipSync } from 'node:zlib';
import { chromium, devices } from '@playwright/test';
import { chromiumPath, playwrightArgs } from '../support/chromium.ts';

/** What every app screen asks for first (session, podcasts, the selected podcast). */
export const SHELL_CALLS = new Set(['/api/account/session', '/api/account/podcasts', '/api/account/context']);

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

export type Screen = { name: string; url: string; cookie?: string; isLanding?: boolean };

type Loaded = { url: string; type: string; bytes: number; gzip: number; encoded: boolean; start: number };

/**
 * What a first visit of the screen loads (service worker blocked, no cache), on a Pixel 7 without
 * throttling: its scripts, what came uncompressed, and the longest chain of API requests each
 * started only after the one before had answered, among those started before the screen's
 * heading showed (its first meaningful paint).
 */
export async function screenLoad(screen: Screen) {
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
  const { headingAt, pageNow, scriptStarts } = await page.evaluate(() => ({
    headingAt: (window as { headingAt?: number }).headingAt ?? Infinity,
    pageNow: performance.now(),
    scriptStarts: performance
      .getEntriesByType('resource')
      .map((e) => [new URL(e.name).pathname, e.startTime] as const),
  }));
  // The heading's time on this process's clock: Playwright's poll above sees it late on a busy
  // machine, and the requests a screen makes once it has settled (the dashboard's audience card)
  // were counted as made before its paint (2026-12-07).
  const headingWall = Date.now() - (pageNow - headingAt);
  await browser.close();
  const startedAt = new Map<string, number>();
  for (const [path, start] of scriptStarts) if (!startedAt.has(path)) startedAt.set(path, start);

  // Longest path through "started after the other had answered", over the requests before the paint.
  const before = api
    .filter((r) => r.start <= Math.min(painted, headingWall))
    .sort((a, b) => a.start - b.start);
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
