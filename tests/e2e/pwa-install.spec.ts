// Installable from day one: the manifest, the service worker, and an offline start of the shell.
import { expect, test } from '@playwright/test';

test('the manifest describes an installable German app', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'Kompass Studio',
    short_name: 'Kompass',
    lang: 'de',
    display: 'standalone',
    start_url: expect.any(String),
    theme_color: expect.stringMatching(/^#/),
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of icons) expect((await request.get(icon.src)).status()).toBe(200);
});

test('the service worker precaches the shell, which then opens offline', async ({ page, context }) => {
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // now controlled by the worker
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.goto('/password/forgot');
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await context.setOffline(false);
});

test('API paths never get the app shell from the service worker', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  const response = await page.goto('/api/gibt-es-nicht');
  expect(response?.headers()['content-type']).toContain('application/json');
});

test('emoji images come from /twemoji with a 2753 fallback', async ({ request }) => {
  expect((await request.get('/twemoji/2753.svg')).status()).toBe(200);
  expect((await request.get('/twemoji/1f4dd.svg')).headers()['content-type']).toContain('svg');
});
