// Shortcuts for journeys that don't test registration itself: create and verify users through
// the API with the page's own cookies, so the browser is signed in afterwards.
import { expect, type Page } from '@playwright/test';
import type { Podcast, PodcastForm } from '../../../src/shared/podcasts.ts';
import { linkFromMail } from './mailbox.ts';

export const PASSWORD = 'Kompass-Test-2025!';
export const VERIFY_SUBJECT = /bestätige/i;
export const RESET_SUBJECT = /passwort/i;

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
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

/** Opens the verification link of the newest mail to `email`. */
export async function verifyViaMail(page: Page, email: string) {
  await page.goto(await linkFromMail(email, VERIFY_SUBJECT, '/email'));
}

/** A registered, verified, signed-in user. */
export async function verifiedUser(page: Page) {
  const user = await registerViaApi(page);
  await verifyViaMail(page, user.email);
  await expect(page).toHaveURL(/\/app\//);
  return user;
}

export async function loginViaUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

export async function logoutViaMenu(page: Page) {
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * POST /api/podcasts as the page's user (the owner); the first two seeded categories. The app
 * selects it as the context when it is the user's only podcast.
 */
export async function createPodcastViaApi(page: Page, form: Partial<PodcastForm> = {}): Promise<Podcast> {
  const categories = await page.request.get('/api/categories');
  const ids = ((await categories.json()) as { data: { id: number }[] }).data.slice(0, 2).map((c) => c.id);
  const response = await page.request.post('/api/podcasts', {
    headers: await xsrfHeaders(page),
    data: { title: 'Zeitreise', category_id: ids, ...form },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Podcast }).data;
}

/** A write to the API as the page's user (PUT objective, POST settings …); expects 2xx. */
export async function writeViaApi(page: Page, method: 'post' | 'put', path: string, data: unknown) {
  const response = await page.request[method](path, { headers: await xsrfHeaders(page), data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json() as Promise<unknown>;
}

/** The signed-in user's id (GET /api/account). */
export async function currentUserId(page: Page): Promise<number> {
  const response = await page.request.get('/api/account');
  return ((await response.json()) as { data: { id: number } }).data.id;
}
