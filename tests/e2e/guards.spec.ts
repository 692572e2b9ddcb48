// Who may see what (§2): guest-only pages, the session, the verified email, the podcast guard,
// the 401 lockout and the 404 page.
import { expect, test } from '@playwright/test';
import { loginViaUi, logoutViaMenu, registerViaApi, verifiedUser } from './support/accounts.ts';

test('logged out: the app sends to the landing page, verify to login', async ({ page }) => {
  for (const path of ['/app', '/app/dashboard', '/app/settings/profile', '/app/practices']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/verify');
  await expect(page).toHaveURL(/\/login$/);
});

test('unverified: held on /verify', async ({ page }) => {
  await registerViaApi(page);
  for (const path of ['/app', '/app/settings', '/', '/login', '/setup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/verify$/);
  }
  await expect(page.getByRole('heading', { name: 'Anmelde-Bestätigung ausstehend' })).toBeVisible();
});

test('a broken verification link goes to /verify with the message', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/email?id=1&hash=abc&expires=1&signature=' + '0'.repeat(64));
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Der Bestätigungslink ist ungültig. Fordere bitte eine neue E-Mail an.',
  );
  await page.getByRole('button', { name: 'Neue E-Mail anfordern' }).click();
  await expect(page.getByRole('button', { name: 'Neue E-Mail versendet' })).toBeDisabled();
});

test('a malformed or forged verification link never shows a validator message', async ({ page }) => {
  await registerViaApi(page);
  const hash = 'a'.repeat(40);
  for (const query of [
    `id=abc&hash=${hash}&expires=1&signature=${'0'.repeat(64)}`,
    `id=1&hash=${hash}&expires=1&signature=kaputt`,
    `id=99999999999&hash=${hash}&expires=99999999999&signature=${'0'.repeat(64)}`,
    // Well-formed but not signed by us: the server's own sentence.
    `id=1&hash=${hash}&expires=99999999999&signature=${'0'.repeat(64)}`,
  ]) {
    await page.goto(`/email?${query}`);
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole('alert'), query).toHaveText(
      'Der Bestätigungslink ist ungültig. Fordere bitte eine neue E-Mail an.',
    );
  }
});

test('without a session, the message about a broken link waits on the login page', async ({ page }) => {
  await page.goto(`/email?id=1&hash=kurz&expires=1&signature=${'0'.repeat(64)}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Der Bestätigungslink ist ungültig. Fordere bitte eine neue E-Mail an.',
  );
});

test('verified without podcast: guest pages go to the app, podcast screens to onboarding', async ({
  page,
}) => {
  await verifiedUser(page);
  for (const path of ['/', '/login', '/setup', '/verify', '/app', '/app/practices', '/app/podcast/edit']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/app\/onboarding\/create$/);
  }
  // Screens without the podcast guard.
  await page.goto('/app/settings');
  await expect(page).toHaveURL(/\/app\/settings\/profile$/);
  await page.goto('/app/feedback');
  await expect(page.getByRole('heading', { name: 'Feedback geben' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Dein Feedback' })).toBeVisible();
  await page.goto('/app/authorized');
  await expect(page).toHaveURL(/\/app\/settings\/contract$/);
  await page.goto('/app/subscribed');
  await expect(page.getByRole('heading', { name: 'Abo erfolgreich abgeschlossen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zu den Methoden' })).toBeVisible();
});

test('a 401 locks the session out and goes to login', async ({ page, context }) => {
  await verifiedUser(page);
  await page.goto('/app/settings/account');
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
  await context.clearCookies();
  await page.getByLabel('Aktuelles Passwort').fill('irgendein-passwort');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/$/);
});

test('logout goes to login even when the request fails', async ({ page }) => {
  await verifiedUser(page);
  await page.route('**/api/account/session', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { message: 'Kaputt.' } })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/gibt-es-nicht/wirklich');
  await expect(page.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('login goes back to the page that asked for it, never to another site', async ({ page }) => {
  // Signed out by the menu: clearing only the cookie leaves the app's saved copy of the user,
  // which reads as a session that ended, and /login may first send that user on into the app.
  const { email, password } = await verifiedUser(page);
  await logoutViaMenu(page);
  await loginViaUi(page, email, password, '/login?redirect=%2Fapp%2Fsettings%2Faccount');
  await expect(page).toHaveURL(/\/app\/settings\/account$/);

  await logoutViaMenu(page);
  await loginViaUi(page, email, password, '/login?redirect=%2F%2Fexample.org%2Fapp');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/app\//);
  expect(new URL(page.url()).pathname).not.toContain('example.org');
});
