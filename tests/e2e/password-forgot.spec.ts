// 'Passwort vergessen': request a link by mail, set a new password, log in with it.
import { expect, test } from '@playwright/test';
import { linkFromMail } from './support/mailbox.ts';
import { loginViaUi, logoutViaMenu, RESET_SUBJECT, verifiedUser } from './support/accounts.ts';

const NEW_PASSWORD = 'Vergessen-und-neu-2025';
const INVALID_LINK = 'Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Fordere bitte einen neuen an.';

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const { email } = await verifiedUser(page);
  await logoutViaMenu(page);

  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link zum Zurücksetzen geschickt.',
  );

  const link = await linkFromMail(email, RESET_SUBJECT, '/password/reset');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);

  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill('etwas-ganz-anderes-99');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');

  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Dein Passwort wurde zurückgesetzt. Du kannst dich jetzt anmelden.',
  );

  await loginViaUi(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/app\/onboarding\/create$/);

  // The used link, opened again: the error at once, no form, and the way to a new link.
  await logoutViaMenu(page);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
});

test('a reset link with a wrong, missing or malformed token is refused when it opens', async ({ page }) => {
  for (const query of [
    'token=falsch&email=niemand%40example.com',
    'email=niemand%40example.com',
    'token=falsch&email=keine-adresse',
  ]) {
    await page.goto(`/password/reset?${query}`);
    await expect(page.getByRole('alert'), query).toHaveText(INVALID_LINK);
    await expect(page.getByRole('button', { name: 'Passwort speichern' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();
  }
});
