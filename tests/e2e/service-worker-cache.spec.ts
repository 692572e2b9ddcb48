// A first visit precaches only the shell and the first screens' chunks (at most 60 files); other
// chunks and emoji are cached when loaded.
import { expect, test, type Page } from '@playwright/test';
import { allowFor } from './support/budget.ts';

/** Paths in each Cache Storage cache, by cache name. */
function cachedPaths(page: Page) {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return result;
  });
}

test('the first visit precaches the shell and the first screens, not the emoji', async ({ page }) => {
  await page.goto('/');
  // The install precaches the whole app (support/budget.ts).
  allowFor(60_000);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const caches = await cachedPaths(page);
  const precache = Object.entries(caches).find(([name]) => name.startsWith('workbox-precache'))?.[1] ?? [];
  expect(precache).toContain('/index.html');
  expect(precache.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(5);
  expect(precache.length).toBeLessThanOrEqual(60);
  expect(precache.some((path) => /^\/assets\/practices-screens-/.test(path))).toBe(true);
  expect(precache.some((path) => /^\/assets\/(nova|users-page|practice-editor)-/.test(path))).toBe(false);
  expect(precache.filter((path) => path.startsWith('/twemoji/') || path.startsWith('/icons/'))).toEqual([]);

  // Controlled by the worker now: the emoji the landing page shows land in the image cache.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect
    .poll(async () =>
      ((await cachedPaths(page))['kompass-images'] ?? []).some((p) => p.startsWith('/twemoji/')),
    )
    .toBe(true);
});
