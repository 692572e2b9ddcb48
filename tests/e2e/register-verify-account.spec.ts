// The whole life of an account, on a phone: register, verify by mail, log out and in, change the
// password, delete the account.
import { expect, test } from '@playwright/test';
import { linkFromMail } from './support/mailbox.ts';
import { loginViaUi, logoutViaMenu, PASSWORD, uniqueEmail, VERIFY_SUBJECT } from './support/accounts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

const NEW_PASSWORD = 'Ganz-neues-Passwort-42';
const UNKNOWN_LOGIN = 'Diese Kombination aus E-Mail-Adresse und Passwort ist uns nicht bekannt.';

test('register, verify, log out and in, change the password, delete the account', async ({ page }) => {
  // Registration, verification, logout, login, a new password and deletion: 2 min at a load of 40.
  test.slow();
  const email = uniqueEmail('journey');

  // Setup wizard, step 1: 'Podcast anlegen'.
  await page.goto('/');
  await page.getByRole('link', { name: 'Kostenlos registrieren' }).first().click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Podcast anlegen' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Bitte gib den Arbeitstitel deines Podcasts an.')).toBeVisible();
  await page.getByLabel('Arbeitstitel').fill('Der Kompass-Podcast');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 2: 'Account erstellen'.
  await expect(page.getByRole('heading', { name: 'Account erstellen' })).toBeVisible();
  const password = page.getByLabel('Passwort', { exact: true });
  await expect(password).toHaveAttribute('placeholder', 'Mindestens 12 Zeichen');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await password.fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Account erstellen' }).click();
  await expect(page.getByText('Bitte akzeptiere die Nutzungsbedingungen.')).toBeVisible();
  await expect(page.getByText('Bitte akzeptiere die Datenschutzerklärung.')).toBeVisible();
  for (const name of ['Nutzungsbedingungen', 'Datenschutzerklärung']) {
    await expect(page.locator('form').getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }
  await page.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).click();
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).click();
  // 'Zurück' then 'Weiter' keeps what was typed and ticked.
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page.getByLabel('Arbeitstitel')).toHaveValue('Der Kompass-Podcast');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await expect(password).toHaveValue(PASSWORD);
  await expect(page.getByLabel('Passwort wiederholen')).toHaveValue(PASSWORD);
  await expect(page.getByRole('checkbox', { name: /Nutzungsbedingungen/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Datenschutzerklärung/ })).toBeChecked();
  await page.getByRole('button', { name: 'Account erstellen' }).click();

  // Thank-you: what happens next, naming the address, and the way on to /verify.
  await expect(page.getByRole('heading', { name: 'Vielen Dank für deine Registrierung!' })).toBeVisible();
  await expect(
    page.getByText(
      `Wir haben dir eine E-Mail an ${email} geschickt. Klicke auf den Link darin, um deine E-Mail-Adresse zu bestätigen. Danach richtest du deinen Podcast im Studio ein.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zum Login' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Weiter zur Bestätigung' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'Anmelde-Bestätigung ausstehend' })).toBeVisible();
  const since = Date.now();
  await page.getByRole('button', { name: 'Neue E-Mail anfordern' }).click();
  await expect(page.getByRole('button', { name: 'Neue E-Mail versendet' })).toBeDisabled();

  // The link of the resent mail verifies and opens the app (no podcast yet: onboarding).
  await page.goto(await linkFromMail(email, VERIFY_SUBJECT, '/email', since));
  await expect(page).toHaveURL(/\/app\/onboarding\/create$/);
  // The title typed in the first step was stored with the account and prefills onboarding.
  await expect(page.getByLabel('Titel', { exact: true })).toHaveValue('Der Kompass-Podcast');
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();

  await logoutViaMenu(page);
  await loginViaUi(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/app\/onboarding\/create$/);

  // Change the password in the settings.
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/profile$/);
  await page.getByRole('link', { name: 'Passwort', exact: true }).click();
  await page.getByLabel('Aktuelles Passwort').fill(PASSWORD);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('status')).toHaveText('Dein Passwort wurde geändert.');

  // The old password no longer works, the new one does.
  await logoutViaMenu(page);
  await loginViaUi(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');
  await expect(page.getByText(UNKNOWN_LOGIN)).toHaveCount(1);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding\/create$/);

  // Delete the account: wrong password first, then the right one.
  await page.goto('/app/settings/delete');
  await expect(
    page.getByText(
      'Wenn du deinen Account löschst, werden deine Angaben, dein Profil und jeder Podcast, den du angelegt hast, mit allen Experimenten und Messwerten endgültig gelöscht. Deine Coworker*innen verlieren dann den Zugriff auf diese Podcasts. Das lässt sich nicht rückgängig machen.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Account löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account endgültig löschen?' });
  await dialog.getByLabel('Aktuelles Passwort').fill('falsches-passwort-123');
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(dialog.getByLabel('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Das Passwort ist nicht korrekt.')).toHaveCount(1);
  await expect(dialog.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');
  await dialog.getByLabel('Aktuelles Passwort').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Dein Account wurde gelöscht.')).toBeVisible();

  await loginViaUi(page, email, NEW_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');
  await expect(page.getByText(UNKNOWN_LOGIN)).toHaveCount(1);
  await expect(page).toHaveURL(/\/login$/);
});
