// The landing paints from its HTML (rendered at build time) before any JavaScript runs; the app
// then hydrates it: it adopts the same elements instead of rendering them anew.
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

test('the app hydrates the prerendered landing: the same elements become interactive, without an error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The heading element as the HTML made it, before any of the app's JavaScript ran.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () =>
      Object.assign(window, { prerenderedHeading: document.querySelector('h1') }),
    ),
  );
  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Preise' });
  const annual = pricing.getByRole('button', { name: /^Jährlich/ });
  // The toggle answers once React has taken the page over (the app starts after the first paint).
  await expect(async () => {
    await annual.click();
    await expect(annual).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
  }).toPass();
  await expect(pricing.getByText('119,52 €')).toBeVisible();
  await expect(pricing.getByText('entspricht 9,96 € im Monat')).toBeVisible();
  const adopted = await page.evaluate(() => {
    const heading = (window as { prerenderedHeading?: Element }).prerenderedHeading;
    return heading !== undefined && heading === document.querySelector('h1') && heading.isConnected;
  });
  expect(adopted).toBe(true);
  expect(errors).toEqual([]);
});

test('a visitor who scrolls the landing while the app loads stays where they scrolled to', async ({
  page,
}) => {
  // The app's code waits until the visitor has scrolled down to the footer of the served page.
  let release = () => {};
  const codeHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await codeHeld;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const changelog = page
    .getByRole('navigation', { name: 'Fußzeile' })
    .getByRole('link', { name: 'Changelog' });
  await changelog.scrollIntoViewIfNeeded();
  await expect(changelog).toBeInViewport();
  release();
  // The pricing toggle answers once the app has taken the page over (pressed without scrolling).
  const annual = page.getByRole('region', { name: 'Preise' }).getByRole('button', { name: /^Jährlich/ });
  await expect(async () => {
    await annual.dispatchEvent('click');
    await expect(annual).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
  }).toPass();
  // Taking over did not move the page: the footer is still under the visitor's finger.
  await expect(changelog).toBeInViewport();
  await changelog.click();
  await expect(page).toHaveURL(/\/changelog$/);
});
