// Changing the address: it needs the password, the old address hears of it and stays the login
// until the link to the new one is opened.
import { expect, test } from '@playwright/test';
import { PASSWORD, uniqueEmail, verifiedUser, VERIFY_SUBJECT } from './support/accounts.ts';
import { linkFromMail, waitForMail } from './support/mailbox.ts';

test('changes the e-mail address only after the new one is confirmed', async ({ page }) => {
  const { email } = await verifiedUser(page);
  const next = uniqueEmail('neu');
  await page.goto('/app/settings/account');
  await page.getByLabel('E-Mail-Adresse').fill(next);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');
  await expect(page.getByText('Bitte gib dein aktuelles Passwort ein.')).toBeVisible();

  await page.getByLabel('Aktuelles Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Die neue Adresse ${next} wartet auf Bestätigung. Öffne den Link in der E-Mail, die wir dorthin geschickt haben.`,
  );
  // Still in the studio: the confirmed old address keeps working.
  await expect(page).toHaveURL(/\/app\/settings\/account$/);
  const notice = await waitForMail(email, /E-Mail-Adresse soll geändert werden/);
  expect(notice.text).toContain(`die E-Mail-Adresse in ${next} zu ändern`);

  await page.goto(await linkFromMail(next, VERIFY_SUBJECT, '/email'));
  await expect(page).toHaveURL(/\/app\//);
  await page.goto('/app/settings/account');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(next);
  await expect(page.getByText('wartet auf Bestätigung')).toHaveCount(0);
});
