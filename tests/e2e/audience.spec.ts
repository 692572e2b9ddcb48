// 'Hörerzahlen' on a phone: an export uploaded, its columns assigned in the preview, the import's
// result with the unreadable row, the days as chart and table, the same file again changing
// nothing (with the mapping remembered), and the dashboard's 4-week comparison. OP3 connected
// through the local fake (tests/support/fake-op3.ts, started by the E2E global setup).
import { expect, test, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { generateDownloads, toCsv } from './support/audience-csv.ts';
import { unique } from './support/attempt.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const german = new Intl.NumberFormat('de-DE');
const germanDate = (date: string) => date.split('-').reverse().join('.');

async function selectedPodcast(page: Page, title: string) {
  const podcast = await createPodcastViaApi(page, unique(title));
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);
  return podcast;
}

async function upload(page: Page, csv: Buffer) {
  await page
    .getByLabel('CSV- oder TSV-Datei')
    .setInputFiles({ name: 'downloads.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByRole('button', { name: 'Datei hochladen' }).click();
  return page.getByRole('region', { name: /^Vorschau/ });
}

test('an uploaded export is mapped, imported, shown as chart and table, and compared on the dashboard', async ({
  page,
}) => {
  await verifiedUser(page);
  await selectedPodcast(page, 'Zahlenwerk');
  // Sixty days up to yesterday, and one line that is no day.
  const yesterday = addDays(berlinDate(new Date()), -1);
  const days = generateDownloads({ to: yesterday, days: 60 });
  const csv = toCsv(days, ['kein Datum;12']);

  await page.goto('/app/podcast/audience');
  await expect(page.getByRole('heading', { level: 1, name: 'Hörerzahlen' })).toBeVisible();
  await expect(page.getByText('Noch keine Hörerzahlen.')).toBeVisible();
  const sources = page.getByRole('region', { name: 'Datenquellen' });
  await expect(sources).toContainText('Noch keine Datenquelle.');

  const preview = await upload(page, csv);
  await expect(preview.getByRole('heading')).toHaveText('Vorschau: 61 Zeilen');
  await expect(preview.getByRole('row', { name: /^Tag/ })).toContainText('Datum');
  await expect(preview.getByLabel('Datum')).toHaveValue('Tag');
  // 'Zahl' names no series: the user assigns it.
  await preview.getByLabel('Downloads').selectOption('Zahl');
  await preview.getByRole('button', { name: 'Importieren' }).click();
  const result = preview.getByTestId('import-result');
  await expect(result).toContainText('Importiert: 60 neue Tage, 0 aktualisiert, 0 unverändert.');
  await expect(result.getByRole('listitem')).toHaveText([/^Zeile 62: /]);

  // The days: chart (canvas) and table with yesterday's figure.
  const daily = page.getByRole('region', { name: 'Downloads pro Tag', exact: true });
  await expect(daily.getByTestId('audience-daily-chart').locator('canvas')).toBeVisible();
  const last = days.at(-1)!;
  await expect(daily.getByRole('row', { name: new RegExp(germanDate(last.date)) })).toContainText(
    german.format(last.downloads),
  );
  await expect(
    page.getByRole('region', { name: 'Downloads pro Woche', exact: true }).locator('canvas'),
  ).toBeVisible();
  await expect(sources.getByRole('listitem', { name: 'Datenquelle Datei-Upload' })).toContainText(
    `${germanDate(days[0]!.date)} bis ${germanDate(last.date)}`,
  );
  await expectAccessible(page, 'podcast.audience with uploaded days');

  // The same file again: the mapping is remembered, nothing changes.
  await page.reload();
  const again = await upload(page, csv);
  await expect(again.getByLabel('Downloads')).toHaveValue('Zahl');
  await again.getByRole('button', { name: 'Importieren' }).click();
  await expect(again.getByTestId('import-result')).toContainText(
    'Importiert: 0 neue Tage, 0 aktualisiert, 60 unverändert.',
  );

  // The dashboard: the last 28 days against the 28 before.
  const sum = (list: typeof days) => list.reduce((s, d) => s + d.downloads, 0);
  const current = sum(days.slice(-28));
  const previous = sum(days.slice(-56, -28));
  const change = new Intl.NumberFormat('de-DE', {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(current / previous - 1);
  await page.goto('/app/podcast');
  const widget = page.getByRole('region', { name: 'Hörerzahlen' });
  await expect(widget).toContainText(`Downloads in den 4 Wochen bis ${germanDate(last.date)}`);
  await expect(widget).toContainText(german.format(current));
  await expect(widget).toContainText(`${change} gegenüber den 4 Wochen davor (${german.format(previous)})`);
  await widget.getByRole('link', { name: 'Zu den Hörerzahlen' }).click();
  await expect(page).toHaveURL(/\/app\/podcast\/audience$/);
});

test('without a source the dashboard shows one line that leads to the screen', async ({ page }) => {
  await verifiedUser(page);
  await selectedPodcast(page, 'Ohne Quelle');
  await page.goto('/app/podcast');
  const line = page.getByRole('link', { name: 'Hörerzahlen: Verbinde OP3 oder lade einen Export hoch' });
  await line.click();
  await expect(page).toHaveURL(/\/app\/podcast\/audience$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hörerzahlen' })).toBeVisible();
});
