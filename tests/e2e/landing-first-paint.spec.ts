// The landing paints from its HTML (rendered at build time) before any JavaScript runs; the app
// then takes the page over.
import { expect, test } from '@playwright/test';

test('the landing page shows without JavaScript, and its links work as plain links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const register = page.getByRole('link', { name: 'Kostenlos registrieren' }).first();
  await expect(register).toHaveAttribute('href', '/setup');
  await context.close();
});

test('the app takes over the prerendered landing without a second copy of it', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // A marker on the window survives only a navigation inside the app, not a page load.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await page.getByRole('link', { name: 'Anmelden' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
});
