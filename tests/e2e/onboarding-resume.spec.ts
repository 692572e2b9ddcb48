// Onboarding left half-way: reopening the app leads back to the step that is
// missing, confirm and then profile, until onboarding is complete; then the dashboard for good.
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('leaving at the confirm step: the app leads back to confirm, then profile, then the dashboard', async ({
  page,
}) => {
  await verifiedUser(page);
  await page.goto('/app/onboarding/create');
  await page.getByLabel('Titel', { exact: true }).fill('Halb eingerichtet');
  await page.getByLabel('Erste Kategorie').selectOption({ index: 1 });
  await page.getByLabel('Zweite Kategorie').selectOption({ index: 2 });
  await page.getByRole('button', { name: 'Podcast anlegen' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding\/confirm\/\d+$/);
  const confirm = page.url();

  // The app is closed here and opened again: not the dashboard, the confirm step.
  await page.goto('/app');
  await expect(page).toHaveURL(confirm);
  await expect(page.getByRole('button', { name: 'Stimmt alles so' })).toBeVisible();
  await page.getByRole('button', { name: 'Stimmt alles so' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding\/profile\/\d+$/);

  // Left again, at the profile step: back to it, from any screen that needs a podcast.
  await page.goto('/app/practices');
  await expect(page).toHaveURL(/\/app\/onboarding\/profile\/\d+$/);
  await page.getByLabel('Name', { exact: true }).fill('Paula Podcast');
  await page.getByLabel('Deine Rolle').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(page).toHaveURL(/\/app\/podcast$/);

  // Complete: the dashboard for good, and the team knows the name.
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/podcast$/);
  await expect(page.getByText('Ohne Name')).toHaveCount(0);
});
