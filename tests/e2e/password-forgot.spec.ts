// 'Passwort vergessen': request a link by mail, set a new password, log in with it.
import { expect, test } from '@playwright/test';
import { linkFromMail } from './support/mailbox.ts';
import { loginViaUi, logoutViaMenu, RESET_SUBJECT, verifiedUser } from './support/accounts.ts';

const NEW_PASSWORD = 'Vergessen-und-neu-2025';

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const { email } = await verifiedUser(page);
  await logoutViaMenu(page);

  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  await page.goto(await linkFromMail(email, RESET_SUBJECT, '/password/reset'));
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);

  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill('etwas-ganz-anderes-99');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();

  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toBeVisible();

  await loginViaUi(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/app\/onboarding\/create$/);
});

test('a reset link with a wrong token is refused', async ({ page }) => {
  await page.goto('/password/reset?token=falsch&email=niemand%40example.com');
  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/password\/reset/);
});
