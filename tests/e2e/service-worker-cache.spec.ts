// A first visit precaches only the shell (before the worker is ready) and the first screens' chunks
// (once it has activated), at most 60 files; other chunks and emoji are cached when loaded.
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

test('the first visit precaches the shell before ready, then the first screens, not the emoji', async ({
  page,
}) => {
  await page.goto('/');
  // The install precaches the shell, the activation the first screens (support/budget.ts).
  allowFor(60_000);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const precached = async () =>
    Object.entries(await cachedPaths(page)).find(([name]) => name.startsWith('workbox-precache'))?.[1] ?? [];
  // Ready: the shell is stored (what an offline start needs first), the screens need not be yet.
  const shell = await precached();
  expect(shell).toContain('/index.html');
  expect(shell.some((path) => /^\/assets\/index-[\w-]{8}\.js$/.test(path))).toBe(true);
  // Activated: the first screens' chunks follow (sw/precache.ts).
  await expect
    .poll(async () => (await precached()).some((path) => /^\/assets\/practices-screens-/.test(path)), {
      timeout: 60_000,
    })
    .toBe(true);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state === 'activated') return;
    await new Promise((resolve) => registration.active?.addEventListener('statechange', resolve));
  });
  const precache = await precached();
  expect(precache.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(5);
  // 61 since 2026-12-01: the audience contract's facade chunk (its answers are parsed offline too).
  expect(precache.length).toBeLessThanOrEqual(61);
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
