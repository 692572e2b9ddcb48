// Every form error is said once (§5): the field shows its first error, and the banner does not
// repeat that sentence but says 'Bitte prüfe die markierten Felder.'; messages that belong to no
// field (a throttle, an invalid link) stay in the banner.
import { expect, test } from '@playwright/test';
import { loginViaUi, registerViaApi, uniqueEmail, verifiedUser, PASSWORD } from './support/accounts.ts';

const CHECK_FIELDS = 'Bitte prüfe die markierten Felder.';

test('login: empty fields and an unknown combination', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText(CHECK_FIELDS);
  await expect(page.getByText('Bitte gib deine E-Mail-Adresse ein.')).toHaveCount(1);
  await expect(page.getByText('Bitte gib dein Passwort ein.')).toHaveCount(1);

  await loginViaUi(page, uniqueEmail('niemand'), 'irgendein-passwort');
  await expect(page.getByRole('alert')).toHaveText(CHECK_FIELDS);
  const unknown = page.getByText('Diese Kombination aus E-Mail-Adresse und Passwort ist uns nicht bekannt.');
  await expect(unknown).toHaveCount(1);
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
});

test('registration: an address that is taken', async ({ page, browser }) => {
  const other = await browser.newPage();
  const { email } = await registerViaApi(other);
  await other.close();

  await page.goto('/setup');
  await page.getByLabel('Arbeitstitel').fill('Doppelt');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).click();
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).click();
  await page.getByRole('button', { name: 'Account erstellen' }).click();
  await expect(page.getByRole('alert')).toHaveText(CHECK_FIELDS);
  await expect(page.getByText('Diese E-Mail-Adresse ist bereits registriert.')).toHaveCount(1);
});

test('settings: a wrong current password and an empty name', async ({ page }) => {
  await verifiedUser(page);
  await page.goto('/app/settings/password');
  await page.getByLabel('Aktuelles Passwort').fill('falsches-passwort-1');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Ein-neues-Passwort-1');
  await page.getByLabel('Neues Passwort wiederholen').fill('Ein-neues-Passwort-1');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('alert')).toHaveText(CHECK_FIELDS);
  await expect(page.getByText('Das Passwort ist nicht korrekt.')).toHaveCount(1);

  await page.goto('/app/settings/profile');
  await page.getByLabel('Name').fill(' ');
  await page.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText(CHECK_FIELDS);
  await expect(page.getByText('Bitte gib einen Namen an.')).toHaveCount(1);
});

test('a message that belongs to no field stays in the banner', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/account/session', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '60' },
      json: { message: 'Zu viele Versuche. Bitte versuche es in 60 Sekunden noch einmal.' },
    }),
  );
  await loginViaUi(page, uniqueEmail('gebremst'), 'irgendein-passwort');
  await expect(page.getByRole('alert')).toHaveText(
    'Zu viele Versuche. Bitte versuche es in 60 Sekunden noch einmal.',
  );
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
});
