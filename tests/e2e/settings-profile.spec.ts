// Settings on a phone: the profile, the picture, and how others see the profile (§8 texts).
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { verifiedUser } from './support/accounts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('profile and picture are saved and shown on the profile page', async ({ page }) => {
  await verifiedUser(page);
  const me = (await (await page.request.get('/api/account')).json()) as { data: { id: number } };

  // Without profile data yet.
  await page.goto(`/app/profile/${me.data.id}`);
  await expect(page.getByText('Der Benutzer hat keine Profilangaben hinterlegt.')).toBeVisible();
  await page.getByRole('link', { name: 'Profil bearbeiten' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/profile$/);

  await page.getByLabel('Name').fill('Erika Mustermann');
  await page.getByLabel('Deine Rolle').selectOption({ label: 'Podcast-Macher*in' });
  await page.getByLabel('Wie hast du von Kompass Studio erfahren?').selectOption({ label: 'Empfehlung' });
  await page.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(page.getByText('Dein Profil wurde gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Erika Mustermann');
  await expect(page.getByLabel('Deine Rolle')).toHaveValue('creator');

  // Picture: nothing chosen, then a real image.
  await page.getByRole('link', { name: 'Profilbild' }).click();
  await page.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByText('Bitte wähle ein Bild aus.')).toBeVisible();
  await expect(page.getByText('PNG, JPG, WebP, GIF oder AVIF, höchstens 10 MB.')).toBeVisible();
  // Too large: refused in the browser, before any upload, with the server's limit.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/account/image')) uploads.push(request.method());
  });
  await page.getByLabel('Bild auswählen').setInputFiles({
    name: 'riesig.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await page.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByText('Das Bild darf höchstens 10 MB groß sein.')).toBeVisible();
  expect(uploads).toEqual([]);
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Bild auswählen')
    .setInputFiles({ name: 'ich.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByText('Dein Profilbild wurde gespeichert.')).toBeVisible();
  const picture = page.locator('main img').first();
  await expect(picture).toBeVisible();
  // Decoded (visible comes first, the pixels a moment later).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The profile page through the profile menu.
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Profil', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Erika Mustermann' })).toBeVisible();
  await expect(page.getByText('Podcast-Macher*in')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profil bearbeiten' })).toBeVisible();
});

test('a profile that cannot be loaded shows the error panel', async ({ page }) => {
  await verifiedUser(page);
  await page.goto('/app/profile/987654321');
  await expect(page.getByRole('heading', { name: 'Hier hat etwas nicht geklappt...' })).toBeVisible();
  await expect(page.getByText('Es ist zu einem unerwarteten Fehler gekommen')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fehler melden' })).toHaveAttribute('href', /^mailto:/);
});

test('the profile menu has Profil, Feedback geben, Einstellungen and Logout', async ({ page }) => {
  await verifiedUser(page);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  const menu = page.getByRole('menu');
  for (const name of ['Profil', 'Feedback geben', 'Einstellungen', 'Logout']) {
    await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  // Only admins and editors get Administration.
  await expect(menu.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
});

test('one name: edited in the profile, shown the same in the menu, the profile page and the API', async ({
  page,
}) => {
  await verifiedUser(page);
  // The account section edits the address only; the name has one place, the profile.
  await page.goto('/app/settings/account');
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveCount(0);

  await page.getByRole('link', { name: 'Profil', exact: true }).click();
  await page.getByLabel('Name').fill('Kim Beispiel');
  await page.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(page.getByRole('status')).toHaveText('Dein Profil wurde gespeichert.');

  const me = (await (await page.request.get('/api/account')).json()) as {
    data: { id: number; name: string; profile: { username: string } };
  };
  expect([me.data.name, me.data.profile.username]).toEqual(['Kim Beispiel', 'Kim Beispiel']);

  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await expect(page.getByRole('menu').getByText('Kim Beispiel', { exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Profil', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kim Beispiel' })).toBeVisible();
});
