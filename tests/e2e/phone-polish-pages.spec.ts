// On a 390 px phone, each check failing when the defect comes back: resetting the last filter, one compact bar offline with a trial, the 404 page and /feedback for a guest.
import { expect, test } from '@playwright/test';
import { logoutViaMenu, PASSWORD, verifiedUser } from './support/accounts.ts';
import { expectNoAxeNodes } from './support/axe.ts';
import { phone } from './support/phones.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use(phone);

test('5: resetting the last filter keeps the panel open; the disabled filters say why', async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Filterfreund');
  await page.goto('/app/practices/list');
  // A flex <summary> has no marker: a chevron shows that the panel opens, turned while open.
  const chevron = page
    .locator('summary')
    .filter({ hasText: /^Filter/ })
    .locator('svg');
  const turn = () => chevron.evaluate((el) => getComputedStyle(el).rotate);
  await expect(chevron).toBeVisible();
  expect(await turn()).toBe('none');
  await page.getByText('Filter', { exact: true }).click();
  await expect.poll(turn).not.toBe('none');
  const status = page.getByLabel('Status');
  await status.selectOption({ index: 1 });
  await expect(page.getByText('Filter (1 aktiv)')).toBeVisible();
  await status.selectOption({ label: 'Alle Methoden' });
  await expect(page.getByText('Filter', { exact: true })).toBeVisible();
  await expect(status).toBeVisible();

  for (const label of ['Zeiteinsatz', 'Geldeinsatz']) {
    const select = page.getByLabel(label);
    await expect(select).toBeDisabled();
    await expect(select).toHaveAccessibleDescription('Dieser Filter ist noch nicht verfügbar.');
    // Looks disabled: another background than an enabled select.
    const [disabled, enabled] = await Promise.all(
      [select, status].map((s) => s.evaluate((el) => getComputedStyle(el).backgroundColor)),
    );
    expect(disabled, label).not.toBe(enabled);
  }
});

test('10: offline with a trial, one compact bar instead of two banners', async ({ page, context }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Funkloch');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Seen once online, so the worker has copies of the dashboard's data.
  await page.goto('/app/podcast');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Funkloch' })).toBeVisible();
  await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
  await page.goto('/app/settings/profile');
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Noch 30 Tage im Studio Pro' }),
  ).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('kompass.query-cache') ?? ''))
    .toContain('Funkloch');

  await context.setOffline(true);
  await page.reload();
  const bar = page.getByRole('status').filter({ hasText: 'Du bist offline – du siehst gespeicherte Daten.' });
  await expect(bar).toHaveCount(1);
  await expect(bar).toBeVisible();
  // In the header, in place of the plan link, and no taller than two lines of small type.
  await expect(page.getByRole('banner').getByRole('status')).toHaveCount(1);
  await expect(page.getByText('Noch 30 Tage im Studio Pro')).toHaveCount(0);
  // Before: a banner of up to five lines above the header, and the plan link below it.
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64);
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(header.y + header.height).toBeLessThanOrEqual(130);

  // Back online, but the server not yet reached (a phone's first seconds on a network): the next
  // screen shows the worker's copies, so the note stays. The tips' poll hangs meanwhile, so only
  // the app's own asking can find the server again (offline/connectivity.ts); before, the note stayed
  // until some later request happened to answer.
  const toServer = (url: URL) => url.pathname.startsWith('/api/') || url.pathname === '/healthz';
  await context.route(toServer, (route) => route.abort('internetdisconnected'));
  await context.route('**/api/podcasts/*/assistances', () => new Promise<void>(() => {}));
  await context.setOffline(false);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Podcast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funkloch' })).toBeVisible();
  await expect(bar).toBeVisible();
  // The server answers again: the note goes, the plan link is back.
  await context.unroute(toServer);
  await expect(bar).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Noch 30 Tage im Studio Pro' }),
  ).toBeVisible();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test('11: an unknown URL answers 404 with the 404 page; /feedback asks a guest to log in', async ({
  page,
}) => {
  for (const path of ['/gibt-es-nicht', '/app/gibt-es-nicht', '/app/practices/1/gibt-es-nicht']) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  for (const path of ['/login', '/app/practices/1/rating', '/invitation/abc']) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
  const response = await page.goto('/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found.' })).toBeVisible();

  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback geben' })).toBeVisible();
  await expect(page.getByText('Um uns Feedback zu geben, melde dich bitte an.')).toBeVisible();
  await expectNoAxeNodes(page, '/feedback as a guest');
  // A guest who has an account: signed out by the menu (clearing only the cookie would leave the
  // app's saved copy of the user, which reads as a session that ended: 'Deine Sitzung ist
  // abgelaufen', not the guest page).
  const { email } = await verifiedUser(page);
  await logoutViaMenu(page);
  await page.goto('/feedback');
  await page.getByRole('main').getByRole('link', { name: 'Anmelden' }).click();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/app\/feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback geben' })).toBeVisible();
});

/** A synthetic `beforeinstallprompt`, as Chromium fires it when the app is installable. */
