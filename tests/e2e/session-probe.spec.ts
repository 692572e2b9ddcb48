// The session check of a guest logs no error; a lost session sends the user to login, which says why.
import { expect, test, type Page } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';

const EXPIRED = 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.';

function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a guest’s landing and login pages log no console error', async ({ page }) => {
  const errors = consoleErrors(page);
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });
  // The landing is static with islands (components/islands.tsx): a guest without a session cookie
  // gets it, so it asks nothing of the server.
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lass deinen Podcast wachsen.');
  expect(calls).toEqual([]);
  const probe = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/account/session');
  await page.goto('/login');
  expect((await probe).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Anmelden');
  expect(errors).toEqual([]);
});

test('a session lost while working sends to login with the reason', async ({ page, context }) => {
  await verifiedUser(page);
  await page.goto('/app/settings/account');
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
  await context.clearCookies({ name: 'kompass_session' });
  await page.getByLabel('Aktuelles Passwort').fill('irgendein-passwort');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
});

test('a session that ended since the last visit sends to login with the reason', async ({
  page,
  context,
}) => {
  const { email } = await verifiedUser(page);
  await page.goto('/app/settings/profile');
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  // The cache (written shortly after it changes) remembers the user, as after any longer visit.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('kompass.query-cache') ?? ''))
    .toContain(email);
  await context.clearCookies({ name: 'kompass_session' });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
});

test('a logout says nothing about an expired session', async ({ page }) => {
  await verifiedUser(page);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
});
