// On a phone: an admin edits a method's description in /nova (with the preview) and grants a
// user's podcast Pro with a reason; both changes are in the audit log, and the user reads the
// new text on the method's page and has Studio Pro. Everyone else meets the 404 page there.
import { expect, test } from '@playwright/test';
import { setRole, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { unique } from './support/attempt.ts';
import { phone, secondPhone } from './support/phones.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use(phone);

// Two journeys (2026-11-26): the method and the plan were one test that ran into the 60 s limit on
// a busy machine (five axe scans on a phone); apart, each has room and they run side by side.
test('an admin edits a method in /nova and a user reads the new description', async ({ page, browser }) => {
  const { email } = await verifiedUser(page);
  await setRole(page, email, 'admin');

  await page.goto('/nova');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expectAccessible(page, '/nova');

  const sections = page.getByRole('navigation', { name: 'Bereiche der Administration' });
  await sections.getByRole('link', { name: 'Nutzer*innen' }).click();
  await page.getByRole('searchbox', { name: 'E-Mail-Adresse oder Name' }).fill(email);
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByRole('link', { name: new RegExp(email) })).toBeVisible();
  await expectAccessible(page, '/nova/users');

  await sections.getByRole('link', { name: 'Methoden' }).click();
  await page.getByRole('searchbox', { name: 'Methoden filtern' }).fill('');
  await page
    .getByRole('link', { name: /^🎙|^1\./ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/nova\/practices\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Methode 1 bearbeiten' })).toBeVisible();
  await expectAccessible(page, '/nova/practices/1');

  // A text of this attempt's own: a retry's edit changes the method again and is logged again.
  const text = `## Neu aus der Administration\n\n${unique('Geschrieben am Telefon, Fassung')}.`;
  await page.getByRole('textbox', { name: 'Beschreibung' }).fill(text);
  await page.getByRole('button', { name: 'Vorschau' }).click();
  const preview = page.getByRole('region', { name: 'Vorschau der Beschreibung' });
  await expect(preview.getByRole('heading', { name: 'Neu aus der Administration' })).toBeVisible();
  await expectAccessible(page, 'the description preview');
  await page.getByRole('button', { name: 'Methode speichern' }).click();
  await expect(page.getByText('Methode gespeichert.')).toBeVisible();

  // This attempt's entry: an earlier try (a retry) edited practice 1 too.
  await sections.getByRole('link', { name: 'Protokoll' }).click();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'Methode bearbeitet (practice 1)' })
      .filter({ hasText: email }),
  ).toBeVisible();
  await expectAccessible(page, '/nova/audit');

  // A user reads the new text on the method's page.
  const reader = await secondPhone(browser);
  await verifiedUser(reader);
  await createPodcastViaApi(reader, unique('Leserfunk'));
  await reader.goto('/app/practices/1/content');
  await expect(reader.getByRole('heading', { name: 'Neu aus der Administration' })).toBeVisible();
  await expect(reader.getByText(text.split('\n\n')[1]!)).toBeVisible();
  // The same user finds no admin panel.
  await reader.goto('/nova');
  await expect(reader.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
  await reader.context().close();
});

test('an admin grants a podcast Pro with a reason, and the podcast is Pro beyond its trial', async ({
  page,
  browser,
}) => {
  const { email } = await verifiedUser(page);
  await setRole(page, email, 'admin');

  // A user with a podcast: the admin grants it Pro until the end of next year, with a reason.
  const reader = await secondPhone(browser);
  await verifiedUser(reader);
  const title = unique('Leserfunk');
  const podcast = await createPodcastViaApi(reader, title);

  await page.goto('/nova/podcasts');
  await page.getByRole('searchbox', { name: 'Titel' }).fill(title);
  await page.getByRole('button', { name: 'Suchen' }).click();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Studio Pro (Testphase), noch 30 Tage');
  await row.getByText('Plan ändern').click();
  const until = `${new Date().getFullYear() + 1}-12-31`;
  await row.getByLabel('Studio Pro freischalten bis').fill(until);
  await row.getByRole('button', { name: 'Plan speichern' }).click();
  await expect(row.getByText('Bitte gib einen Grund an.')).toBeVisible();
  await row.getByRole('textbox', { name: 'Grund' }).fill('Gewinn beim Podcast-Quiz');
  await row.getByRole('button', { name: 'Plan speichern' }).click();
  await expect(row.getByText('Plan gespeichert.')).toBeVisible();
  await expect(row).toContainText(`freigeschaltet bis 31.12.${new Date().getFullYear() + 1}`);
  await expect(row).toContainText('Grund: Gewinn beim Podcast-Quiz');
  await expectAccessible(page, '/nova/podcasts with the plan form');

  await page
    .getByRole('navigation', { name: 'Bereiche der Administration' })
    .getByRole('link', { name: 'Protokoll' })
    .click();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `Plan geändert (podcast ${podcast.id})` })
      .filter({ hasText: email }),
  ).toContainText('Gewinn beim Podcast-Quiz');

  const pro = await (await reader.request.get(`/api/podcasts/${podcast.id}`)).json();
  expect(pro.data).toMatchObject({ title, active: true, only_trial: false });
  await reader.context().close();
});

test('an admin makes access codes and an editor sees content but not users', async ({ page, browser }) => {
  const { email } = await verifiedUser(page);
  await setRole(page, email, 'admin');
  await page.goto('/nova/codes');
  // A note of this run's own: the list also shows the codes of earlier runs (a retry, the other database).
  const note = unique('Crowdfunding E2E');
  await page.getByRole('textbox', { name: 'Anzahl' }).fill('3');
  await page.getByRole('textbox', { name: 'Notiz (optional)' }).fill(note);
  await page.getByRole('button', { name: 'Codes erzeugen' }).click();
  await expect(page.getByText(/3 neue Codes:/)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: note })).toHaveCount(3);
  await expectAccessible(page, '/nova/codes');

  const editorPage = await secondPhone(browser);
  const editor = await verifiedUser(editorPage);
  await setRole(editorPage, editor.email, 'editor');
  await editorPage.goto('/nova');
  const sections = editorPage.getByRole('navigation', { name: 'Bereiche der Administration' });
  await expect(sections.getByRole('link', { name: 'Methoden' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Nutzer*innen' })).toHaveCount(0);
  await expect(sections.getByRole('link', { name: 'Zugangscodes' })).toHaveCount(0);
  await sections.getByRole('link', { name: 'Changelog' }).click();
  await expect(editorPage.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
  await expectAccessible(editorPage, '/nova/changelog');

  // An entry made by mistake: written, then deleted (asked once more), and gone from the public page.
  const title = unique('Versehentlich');
  const fresh = editorPage
    .locator('section')
    .filter({ has: editorPage.getByRole('heading', { name: 'Neuer Eintrag' }) });
  await fresh.getByRole('textbox', { name: 'Titel' }).fill(title);
  await fresh.getByRole('textbox', { name: 'Version' }).fill('9.9.9');
  await fresh.getByLabel('Veröffentlicht am').fill('2026-11-23');
  await fresh.getByRole('textbox', { name: 'Text (Markdown)' }).fill('Das war ein Versehen.');
  await fresh.getByRole('button', { name: 'Eintrag anlegen' }).click();
  const entry = editorPage.getByRole('listitem').filter({ hasText: title });
  // Listed once the server has stored it; only then may the public page be asked.
  await expect(entry).toBeVisible();
  const publicTitles = async () =>
    ((await (await editorPage.request.get('/api/changelog')).json()).data as { title: string }[]).map(
      (c) => c.title,
    );
  expect(await publicTitles()).toContain(title);
  await entry.getByText(`9.9.9 · ${title}`).click();
  await entry.getByRole('button', { name: 'Eintrag löschen' }).click();
  await expect(entry.getByRole('group', { name: 'Eintrag löschen?' })).toBeVisible();
  await expectAccessible(editorPage, 'deleting a changelog entry');
  await entry.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(editorPage.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  expect(await publicTitles()).not.toContain(title);
  await editorPage.context().close();
});
