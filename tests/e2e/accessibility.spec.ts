// axe on the screens of this issue: no serious or critical violations.
import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueEmail, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';

test('public pages', async ({ page }) => {
  for (const [path, heading] of [
    ['/', 'Lass deinen Podcast wachsen.'],
    ['/login', 'Anmelden'],
    ['/setup', 'Kostenlos registrieren'],
    ['/password/forgot', 'Passwort vergessen'],
    ['/terms', 'Nutzungsbedingungen'],
    ['/privacy', 'Datenschutzerklärung'],
    ['/changelog', 'Changelog & Roadmap'],
    ['/password/reset?token=falsch&email=niemand%40example.com', 'Neues Passwort festlegen'],
    ['/nicht-da', 'Page not found.'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, path);
  }
});

test('forms showing errors', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');
  await expectAccessible(page, '/login with errors');

  await page.goto('/setup');
  await page.getByLabel('Arbeitstitel').fill('Barrierefrei');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Account erstellen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');
  await expectAccessible(page, '/setup step 2 with errors');

  await page.getByLabel('E-Mail-Adresse').fill(uniqueEmail('a11y'));
  await page.getByLabel('Passwort', { exact: true }).fill('Barrierefrei-2025!');
  await page.getByLabel('Passwort wiederholen').fill('Barrierefrei-2025!');
  await page.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).click();
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).click();
  await page.getByRole('button', { name: 'Account erstellen' }).click();
  await expect(page.getByRole('heading', { name: 'Vielen Dank für deine Registrierung!' })).toBeVisible();
  await expectAccessible(page, '/setup thank-you');
});

test('verify', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Anmelde-Bestätigung ausstehend' })).toBeVisible();
  await expectAccessible(page, '/verify');
  await page.getByRole('button', { name: 'E-Mail-Adresse korrigieren' }).click();
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(page.getByText('Bitte gib dein aktuelles Passwort ein.')).toBeVisible();
  await expectAccessible(page, '/verify with the correction form');
});

test('settings and the app frame', async ({ page }) => {
  await verifiedUser(page);
  // 'contract' and the open profile menu are scanned with every impact in phone-polish-install-axe.spec.ts.
  for (const section of ['profile', 'picture', 'account', 'password', 'delete']) {
    await page.goto(`/app/settings/${section}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await expectAccessible(page, `/app/settings/${section}`);
  }
  // Inside the app the public changelog and roadmap show in the app frame (public-changelog.spec.ts
  // shows them to a visitor; its signed-in half lives here, 2026-11-26: it repeated this visit).
  await page.goto('/app/changelog');
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog & Roadmap' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Die Methodensammlung ist da' })).toBeVisible();
  await expectAccessible(page, '/app/changelog');
});
