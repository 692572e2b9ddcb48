// On a phone: the owner of a podcast fills every section of podcast.edit, records two rounds of
// metrics and sees both in the history, then deletes the podcast with the password. axe on each
// screen.
import { expect, test, type Page } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

const SAVED = 'Deine Angaben wurden gespeichert.';

async function openSection(page: Page, tab: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Bereiche des Podcasts' })
    .getByRole('link', { name: tab })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

async function rate(page: Page, goal: string, level: string) {
  await page.getByRole('radiogroup', { name: goal }).getByRole('radio', { name: level, exact: true }).click();
}

async function recordMetrics(page: Page, values: Record<string, string>) {
  await page.getByRole('button', { name: 'Werte erfassen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wo stehst du mit deinen übergeordneten Podcast-Zielen?' });
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Jetzt erfassen' }).click();
  await expect(dialog).toBeHidden();
}

/** The data rows of a metric's history table (the chart's accessible counterpart). */
const historyRows = (page: Page, metric: string) =>
  page.getByRole('table', { name: `Verlauf: ${metric}` }).locator('tbody tr');

test('the owner fills every section, records metrics twice and deletes the podcast', async ({ page }) => {
  // Eight screens, each with axe: a long walk, not a slow app.
  test.slow();
  const { password } = await verifiedUser(page);
  await createPodcastViaApi(page, 'Zeitreise');

  // podcast/edit opens its first section.
  await page.goto('/app/podcast/edit');
  await expect(page).toHaveURL(/\/app\/podcast\/edit\/general$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Podcast bearbeiten' })).toBeVisible();
  await expectAccessible(page, 'podcast.edit.general');

  // General: 'choose two' is checked on the client, then saved.
  await page.getByLabel('Titel', { exact: true }).fill('Zeitreise – Der Geschichtspodcast');
  await page.getByLabel('Autor*in (optional)').fill('Anna Beispiel');
  await page.getByLabel('Zweite Kategorie').selectOption({ label: 'Bitte wählen' });
  await page.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(page.getByText('Bitte wähle genau zwei Kategorien.')).toBeVisible();
  await page.getByLabel('Erste Kategorie').selectOption({ label: 'Geschichte' });
  await page.getByLabel('Zweite Kategorie').selectOption({ label: 'Bildung' });
  await page.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  await expect(
    page.getByRole('main').getByText('Zeitreise – Der Geschichtspodcast', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Podcast löschen' })).toBeVisible();

  // Objective: eight goals, each as 0–3 stars.
  await openSection(page, 'Ziele', 'Ziele');
  await page.getByRole('button', { name: 'Ziele speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte prüfe die markierten Felder.');
  await rate(page, 'Reichweite', 'Sehr wichtig');
  await rate(page, 'Durchhörrate', 'Wichtig');
  await rate(page, 'Spaß an der Umsetzung', 'Weniger wichtig');
  for (const goal of ['Bekanntheit', 'Interaktion', 'Monetarisierung', 'Expertise', 'Weiterempfehlung']) {
    await rate(page, goal, 'Unwichtig');
  }
  await expectAccessible(page, 'podcast.edit.objective');
  await page.getByRole('button', { name: 'Ziele speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  // Stage.
  await openSection(page, 'Empfehlungen', 'Empfehlungen');
  await page.getByLabel('Zeiteinsatz pro Woche').selectOption({ label: '2 Stunden' });
  await page.getByLabel('Größe deiner Hörerschaft').selectOption({ label: 'Unter 1.000 Hörer*innen' });
  await page.getByLabel('Budget pro Monat').selectOption({ label: 'Unter 50 €' });
  await expectAccessible(page, 'podcast.edit.stage');
  await page.getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  // Strategy: seven text areas, each with its question.
  await openSection(page, 'Strategie', 'Strategie');
  await expect(
    page.getByText('Worum geht es in deinem Podcast, und welche Themen behandelst du?'),
  ).toBeVisible();
  await page.getByLabel('Thematik').fill('Geschichte zum Anfassen, jede Folge ein Jahr.');
  await page.getByLabel('Audience').fill('Neugierige Pendler*innen.');
  await page.getByLabel('Aufwände').fill('Zwei Abende pro Folge.');
  await expectAccessible(page, 'podcast.edit.strategy');
  await page.getByRole('button', { name: 'Strategie speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  // Milestones: one per goal that matters (the three rated above 'Unwichtig').
  await openSection(page, 'Meilensteine', 'Meilensteine');
  await expect(page.getByRole('textbox')).toHaveCount(3);
  await page.getByLabel('Reichweite').fill('2.000 Abonnent*innen bis Jahresende');
  await page.getByLabel('Durchhörrate').fill('Im Schnitt 70 %');
  await expectAccessible(page, 'podcast.edit.milestones');
  await page.getByRole('button', { name: 'Meilensteine speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  // Metrics: a wrong value is refused in the dialog, 'Abbrechen' records nothing, two rounds
  // make two points per metric.
  await openSection(page, 'Erfolgskriterien', 'Erfolgskriterien');
  await expect(page.getByText('Du hast noch keine Werte erfasst.')).toBeVisible();
  await page.getByRole('button', { name: 'Werte erfassen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wo stehst du mit deinen übergeordneten Podcast-Zielen?' });
  await dialog.getByLabel('Durchhörrate').fill('150');
  // Tapped at the dialog's end, far below the field: the field comes into view with the focus.
  await dialog.getByRole('button', { name: 'Jetzt erfassen' }).scrollIntoViewIfNeeded();
  await dialog.getByRole('button', { name: 'Jetzt erfassen' }).click();
  await expect(dialog.getByText('Der Wert muss zwischen 0 und 100 liegen.')).toBeInViewport();
  await expect(dialog.getByLabel('Durchhörrate')).toBeFocused();
  await expect(dialog.getByLabel('Durchhörrate')).toHaveAccessibleDescription(
    /Der Wert muss zwischen 0 und 100 liegen\./,
  );
  await expectAccessible(page, 'evaluation dialog with an error');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Du hast noch keine Werte erfasst.')).toBeVisible();

  await recordMetrics(page, { Reichweite: '1200', Durchhörrate: '55' });
  await expect(page.getByText('Deine Werte wurden erfasst.')).toBeVisible();
  await expect(historyRows(page, 'Reichweite')).toHaveCount(1);
  await recordMetrics(page, { Reichweite: '1500', Durchhörrate: '62', 'Spaß an der Umsetzung': '90' });
  await expect(historyRows(page, 'Reichweite')).toHaveCount(2);
  await expect(historyRows(page, 'Reichweite').nth(0)).toContainText('1.200');
  await expect(historyRows(page, 'Reichweite').nth(1)).toContainText('1.500');
  await expect(historyRows(page, 'Durchhörrate')).toHaveCount(2);
  await expect(historyRows(page, 'Spaß an der Umsetzung')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Verlauf: Bekanntheit' })).toHaveCount(0);
  // The plots (uPlot, loaded on this screen): one canvas per recorded metric.
  await expect(page.getByTestId('metric-chart').locator('canvas')).toHaveCount(3);
  await expectAccessible(page, 'podcast.edit.metrics');

  // Coworkers (the lists themselves: podcast-team.spec.ts).
  await openSection(page, 'Coworker*innen', 'Coworker*innen');
  await expect(page.getByRole('link', { name: 'Coworker*in einladen' })).toBeVisible();
  await expectAccessible(page, 'podcast.edit.coworkers');

  // Contract: the trial as it stands.
  await openSection(page, 'Studio Upgrade', 'Studio Upgrade');
  await expect(page.getByText('Studio Pro (Testphase)')).toBeVisible();
  await expect(page.getByRole('main').getByText(/Noch 30 Tage im Studio Pro/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Studio Pro ansehen' })).toBeVisible();
  await expectAccessible(page, 'podcast.edit.contract');

  // What was saved is there after a reload.
  await page.goto('/app/podcast/edit/objective');
  await expect(
    page
      .getByRole('radiogroup', { name: 'Reichweite' })
      .getByRole('radio', { name: 'Sehr wichtig', exact: true }),
  ).toBeChecked();
  await page.goto('/app/podcast/edit/milestones');
  await expect(page.getByLabel('Reichweite')).toHaveValue('2.000 Abonnent*innen bis Jahresende');
  await page.goto('/app/podcast/edit/strategy');
  await expect(page.getByLabel('Audience')).toHaveValue('Neugierige Pendler*innen.');

  // Delete: a wrong password keeps the form and says why; the right one deletes, and with no
  // podcast left /app leads to onboarding.
  await page.goto('/app/podcast/edit/general');
  await page.getByRole('link', { name: 'Podcast löschen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Podcast löschen' })).toBeVisible();
  await page.getByLabel('Aktuelles Passwort').fill('falsch-falsch-falsch');
  await page.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page.getByText('Das Passwort ist nicht korrekt.')).toBeVisible();
  await expect(page.getByLabel('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'podcast.delete with an error');
  await page.getByLabel('Aktuelles Passwort').fill(password);
  await page.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding/);
  const podcasts = await page.request.get('/api/account/podcasts');
  expect(((await podcasts.json()) as { data: unknown[] }).data).toEqual([]);
});

test('the account coworkers list is empty for a user who works alone', async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page);
  await page.goto('/app/account/coworkers');
  await expect(page.getByRole('heading', { level: 1, name: 'Deine Coworker*innen' })).toBeVisible();
  await expect(page.getByText('Du arbeitest noch mit niemandem zusammen.')).toBeVisible();
  await expectAccessible(page, 'account.coworkers.list');
});
