// Shortcuts for journeys that don't test registration itself: create and verify users through
// the API with the page's own cookies, so the browser is signed in afterwards.
import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { attemptMark } from './attempt.ts';
import { linkFromMail } from './mailbox.ts';

export const PASSWORD = 'Kompass-Test-2025!';
export const VERIFY_SUBJECT = /bestätige/i;
export const RESET_SUBJECT = /passwort/i;

/** An address of this run and attempt (support/attempt.ts). */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${attemptMark()}@example.com`;
}

/** Headers of a write as the app sends it, with the page's CSRF token. */
export async function xsrfHeaders(page: Page) {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? ''),
  };
}

/** A write to the API with the page's session (for arranging what a journey starts from). */
export async function apiWrite(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const response = await page.request.fetch(path, { method, headers: await xsrfHeaders(page), data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.status() === 204 ? undefined : ((await response.json()) as { data: unknown }).data;
}

let clients = 0;

/**
 * POST /api/account; the page's context is then logged in as the new, unverified user. Each call
 * comes from a client address of its own (the E2E server trusts loopback as its proxy), as
 * registrations of different people would, so the per-client registration throttle holds.
 */
export async function registerViaApi(page: Page, email = uniqueEmail(), password = PASSWORD) {
  clients++;
  const client = `127.${process.pid & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  const response = await page.request.post('/api/account', {
    headers: { ...(await xsrfHeaders(page)), 'X-Forwarded-For': client },
    data: { email, password, password_confirmation: password, terms: true, privacy: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password };
}

/**
 * Opens the verification link of the newest mail to `email` and waits for the app's confirmation
 * to be answered: a navigation right after the `goto` cancelled it on a busy machine, and the
 * account stayed unverified (a stress run: the next login went to /verify).
 */
export async function verifyViaMail(page: Page, email: string) {
  const link = await linkFromMail(email, VERIFY_SUBJECT, '/email');
  const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/email/verify/'));
  await page.goto(link);
  expect((await confirmed).ok()).toBe(true);
}

/** A registered, verified, signed-in user. */
export async function verifiedUser(page: Page) {
  const user = await registerViaApi(page);
  await verifyViaMail(page, user.email);
  await expect(page).toHaveURL(/\/app\//);
  return user;
}

export async function loginViaUi(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

export async function logoutViaMenu(page: Page) {
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The signed-in user's id (GET /api/account). */
export async function currentUserId(page: Page): Promise<number> {
  const response = await page.request.get('/api/account');
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/**
 * Gives the page's user a role with the admin command (`npm run admin -- set-role`), a process of
 * its own, and waits until the server sees it: a read may answer from a session cached up to a
 * second (README, Sessions).
 */
export async function setRole(page: Page, email: string, role: 'admin' | 'editor' | 'user') {
  execFileSync(process.execPath, ['dist/server/cli.js', 'set-role', email, role], {
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ...(process.env.E2E_DATABASE_URL && { DATABASE_URL: process.env.E2E_DATABASE_URL }),
    },
  });
  await expect
    .poll(async () => (await (await page.request.get('/api/account')).json()).data.role.key)
    .toBe(role);
}
