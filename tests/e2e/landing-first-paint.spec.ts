// The landing paints from its HTML (rendered at build time) before any JavaScript runs; a small
// script of its own then hydrates its islands (components/islands.tsx), and the app never loads.
import { expect, test } from '@playwright/test';
import { phone } from './support/phones.ts';

test('the landing page shows without JavaScript, and its links work as plain links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const register = page.getByRole('link', { name: 'Kostenlos registrieren' }).first();
  await expect(register).toHaveAttribute('href', '/setup');
  await context.close();
});

test.describe('on a phone', () => {
  test.use(phone);

  test('the landing starts its islands as they come into view, and never loads the app', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The toggle's button as the HTML made it, before any JavaScript ran.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        Object.assign(window, { prerenderedToggle: document.querySelector('[aria-pressed="false"]') }),
      ),
    );
    await page.goto('/', { waitUntil: 'networkidle' });
    // Reading the top of the page runs the landing's own small script only: no React yet.
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/)]);

    const pricing = page.getByRole('region', { name: 'Preise' });
    await pricing.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-island="period-toggle"][data-ready]')).toHaveCount(1);
    const annual = pricing.getByRole('button', { name: /^Jährlich/ });
    await annual.click();
    await expect(annual).toHaveAttribute('aria-pressed', 'true');
    // Both cards' prices follow the toggle: islands of their own, sharing its state.
    await expect(pricing.getByText('119,52 €')).toBeVisible();
    await expect(pricing.getByText('entspricht 9,96 € im Monat')).toBeVisible();
    await pricing.getByRole('button', { name: 'Monatlich' }).click();
    await expect(pricing.getByText('12 € pro Monat')).toBeVisible();
    await expect(pricing.getByText('119,52 €')).toHaveCount(0);
    // Hydrated, not rendered anew: the button on screen is the one the HTML made.
    expect(
      await page.evaluate(() => {
        const toggle = (window as { prerenderedToggle?: Element }).prerenderedToggle;
        return toggle !== undefined && toggle.isConnected && toggle.textContent?.startsWith('Jährlich');
      }),
    ).toBe(true);

    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Kompass Studio`);
    // The app's entry and its chunks never load here: only the landing's script and its chunks.
    expect(scripts.filter((path) => !/^\/assets\/landing-/.test(path))).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test('from the landing, Anmelden opens the app’s login', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Anmelden' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
});
