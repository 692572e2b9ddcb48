// The service worker: it precaches the shell, which opens offline; a guest's / stays the static landing; API paths never get the shell.
import { expect, test } from '@playwright/test';

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

test('with the worker in control a guest’s / is still the static landing, and offline the app’s shell', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.reload(); // now controlled by the worker
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Lass deinen Podcast wachsen.' })).toBeVisible();
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/)]);

  await context.setOffline(true);
  await page.reload();
  // The app renders the landing from its precached shell.
  await expect(page.getByRole('heading', { level: 1, name: 'Lass deinen Podcast wachsen.' })).toBeVisible();
  expect(scripts.some((path) => /^\/assets\/index-/.test(path))).toBe(true);
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
