// 'Meine Daten herunterladen' in settings.account: the archive is asked for,
// offered at once (a small account) and downloaded; a second request within the hour is refused
// in German.
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { verifiedUser } from './support/accounts.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test('downloads an archive of the account from the account settings', async ({ page }) => {
  const { email } = await verifiedUser(page);
  await createPodcastViaApi(page, 'Mein Export-Podcast');
  await page.goto('/app/settings/account');
  await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  await expect(page.getByText('Dein Archiv ist fertig')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Archiv herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^kompass-studio-daten-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(strFromU8(files['README.md']!)).toContain('# Deine Daten bei Kompass Studio');
  expect(strFromU8(files['users.csv']!)).toContain(email);
  expect(strFromU8(files['podcasts.csv']!)).toContain('Mein Export-Podcast');

  await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  await expect(page.getByRole('alert')).toContainText('Du kannst deine Daten einmal pro Stunde anfordern.');
});
