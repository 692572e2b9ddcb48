// 'Hörerzahlen' on a phone: an export uploaded, its columns assigned in the preview, the import's
// result with the unreadable row, the days as chart and table, the same file again changing
// nothing (with the mapping remembered), and the dashboard's 4-week comparison. OP3 connected
// through the local fake (tests/support/fake-op3.ts, started by the E2E global setup).
import { expect, test, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { generateDownloads, toCsv, uploadDownloads } from './support/audience-csv.ts';
import { unique } from './support/attempt.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { FAKE_OP3_TOKEN } from '../support/fake-op3.ts';
import { controlledByWorker, OFFLINE } from './support/offline.ts';
import { phone } from './support/phones.ts';

test.use(phone);

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
  // Each upload is listed with its file, days and series, and can be taken back alone: the days
  // stay, since the other upload gave them too.
  const uploads = sources.getByRole('list', { name: 'Hochgeladene Dateien' });
  await expect(uploads.getByRole('listitem')).toHaveCount(2);
  await expect(uploads.getByRole('listitem').first()).toContainText(
    `60 Tage (${germanDate(days[0]!.date)} bis ${germanDate(last.date)}) · Downloads`,
  );
  await uploads.getByRole('button', { name: 'downloads.csv entfernen' }).first().click();
  await page
    .getByRole('alertdialog', { name: 'downloads.csv entfernen?' })
    .getByRole('button', { name: 'Entfernen' })
    .click();
  await expect(uploads.getByRole('listitem')).toHaveCount(1);
  await expect(daily.getByRole('row', { name: new RegExp(germanDate(last.date)) })).toContainText(
    german.format(last.downloads),
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

test('without a source the dashboard shows a card saying what the figures bring, leading to the screen', async ({
  page,
}) => {
  await verifiedUser(page);
  await selectedPodcast(page, 'Ohne Quelle');
  await page.goto('/app/podcast');
  const card = page.getByRole('region', { name: 'Hörerzahlen' });
  await expect(card).toContainText('Downloads der letzten 4 Wochen');
  await expect(card).toContainText('Verbinde dafür OP3 oder lade den Export deines Hosters hoch.');
  await card.getByRole('link', { name: 'Hörerzahlen einrichten' }).click();
  await expect(page).toHaveURL(/\/app\/podcast\/audience$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hörerzahlen' })).toBeVisible();
});

test('OP3 connected with its token: the wrong one is refused at the field, the right one fills the days, removal asks first', async ({
  page,
}) => {
  await verifiedUser(page);
  // A feed address on loopback that nothing serves: the fake OP3 (started with `anyFeed`) knows a
  // show for every feed address, and the app never fetches it here.
  const podcast = (await apiWrite(page, 'POST', '/api/podcasts', {
    title: unique('Offen gezählt'),
    category_id: [1, 2],
    rss_uri: `http://127.0.0.1:9/${Date.now().toString(36)}/feed.xml`,
  })) as { id: number };
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);

  await page.goto('/app/podcast/audience');
  const sources = page.getByRole('region', { name: 'Datenquellen' });
  const token = sources.getByLabel('OP3-API-Token');
  await expect(sources).toContainText('op3.dev/api/keys');
  await token.fill('op3-falsches-token-0000');
  await sources.getByRole('button', { name: 'OP3 verbinden' }).click();
  await expect(token).toHaveAccessibleDescription(/OP3 kennt dieses Token nicht/);
  await expect(token).toHaveAttribute('aria-invalid', 'true');

  await token.fill(FAKE_OP3_TOKEN);
  await sources.getByRole('button', { name: 'OP3 verbinden' }).click();
  const op3 = sources.getByRole('listitem', { name: 'Datenquelle OP3' });
  await expect(op3).toContainText('Generierter Testpodcast');
  await expect(op3).toContainText('endet auf …1a2b');
  // The 12 months arrive in the background; the screen asks until they are there.
  await expect(op3).toContainText('Verbunden', { timeout: 60_000 });
  await expect(page.getByText(FAKE_OP3_TOKEN)).toHaveCount(0);

  const daily = page.getByRole('region', { name: 'Downloads pro Tag', exact: true });
  await expect(daily.getByTestId('audience-daily-chart').locator('canvas')).toBeVisible();
  await expect(daily.getByTestId('audience-daily-chart')).not.toHaveAttribute('data-releases', '0');
  await expect(daily.getByRole('table').locator('tbody tr')).toHaveCount(90);
  const episodes = page.getByRole('region', { name: 'Folgen in ihren ersten 7 Tagen', exact: true });
  await expect(episodes.getByTestId('audience-episodes-chart').locator('canvas')).toBeVisible();
  await expect(episodes.getByRole('row', { name: /Folge \d+/ }).first()).toBeVisible();
  await expectAccessible(page, 'podcast.audience with OP3');

  await op3.getByRole('button', { name: 'OP3 aktualisieren' }).click();
  await expect(op3.getByRole('button', { name: 'OP3 aktualisieren' })).toBeEnabled();
  await expect(op3.getByRole('alert')).toHaveCount(0);

  await op3.getByRole('button', { name: 'OP3 entfernen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'OP3 entfernen?' });
  await expect(confirm).toContainText('Das Token wird gelöscht');
  await expectAccessible(page, 'removing a source');
  await confirm.getByRole('button', { name: 'Entfernen' }).click();
  await expect(op3).toHaveCount(0);
  await expect(page.getByText('Noch keine Hörerzahlen.')).toBeVisible();
});

test('read offline: the copy of the days and sources, dated, without the forms that need a connection', async ({
  page,
  context,
}) => {
  await verifiedUser(page);
  const podcast = await selectedPodcast(page, 'Unterwegs');
  const days = generateDownloads({ to: addDays(berlinDate(new Date()), -1), days: 30 });
  await uploadDownloads(page, podcast.id, days);

  await page.goto('/app/podcast/audience');
  await controlledByWorker(page);
  const last = days.at(-1)!;
  const row = () =>
    page
      .getByRole('region', { name: 'Downloads pro Tag', exact: true })
      .getByRole('row', { name: new RegExp(germanDate(last.date)) });
  await expect(row()).toContainText(german.format(last.downloads));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(row()).toContainText(german.format(last.downloads));
  const sources = page.getByRole('region', { name: 'Datenquellen' });
  await expect(sources.getByRole('listitem', { name: 'Datenquelle Datei-Upload' })).toBeVisible();
  await expect(sources).toContainText('Datenquellen ändern geht nur mit Verbindung.');
  await expect(sources.getByRole('button', { name: 'Datei hochladen' })).toHaveCount(0);
  await context.setOffline(false);
});
