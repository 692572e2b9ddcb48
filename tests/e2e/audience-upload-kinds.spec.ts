// 'Hörerzahlen' on a phone: the preview says what kind of table a file is before anything is
// stored (a running total, taken as the differences from day to day; a series per week, refused
// at 'Art der Tabelle' with why), says which column becomes Downloads, and an empty file says
// that it is empty.
import { expect, test, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { unique } from './support/attempt.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

async function choose(page: Page, name: string, text: string) {
  await page
    .getByLabel('CSV- oder TSV-Datei')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Datei hochladen' }).click();
}

test('the preview names a running total and a weekly series before the import', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, unique('Summenwerk'));
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);
  await page.goto('/app/podcast/audience');
  const day = (i: number) => addDays(berlinDate(new Date()), i - 40);

  // A running total since publication (Spotify's per-episode 'PerformanceCombined'): 20 days.
  const totals = Array.from({ length: 20 }, (_, i) => `${day(i)},${i * 3 + (i % 2)}`);
  await choose(page, 'performance-combined.csv', ['Date,Plays & downloads', ...totals].join('\n'));
  const preview = page.getByRole('region', { name: /^Vorschau/ });
  await expect(preview.getByTestId('upload-kind')).toContainText('Erkannt: Laufende Summe');
  await expect(preview.getByTestId('upload-kind')).toContainText(
    'Wir speichern je Tag die Differenz zum Vortag',
  );
  await expect(preview.getByLabel('Art der Tabelle')).toHaveValue('running_total');
  await expect(preview.getByTestId('upload-downloads')).toHaveText(
    'Als Downloads zählt „Plays & downloads“.',
  );
  await preview.getByRole('button', { name: 'Importieren' }).click();
  await expect(preview.getByTestId('import-result')).toContainText('Importiert: 19 neue Tage');

  // Weeks are not days: the correction to days is refused at the field, with why.
  const weeks = Array.from({ length: 5 }, (_, i) => `${day(i * 7)},${40 + i}`);
  await choose(page, 'retention.csv', ['Week starting,Downloads', ...weeks].join('\n'));
  const weekly = page.getByRole('region', { name: /^Vorschau/ });
  await expect(weekly.getByTestId('upload-kind')).toContainText('Erkannt: Zahlen je Woche');
  await weekly.getByLabel('Art der Tabelle').selectOption('daily');
  await weekly.getByRole('button', { name: 'Importieren' }).click();
  await expect(weekly.getByLabel('Art der Tabelle')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    weekly.getByText(/liegen je 7 Tage oder ein Vielfaches davon auseinander/).first(),
  ).toBeVisible();

  // An empty file says so under the file field.
  await choose(page, 'leer.csv', '');
  await expect(page.getByText('Die Datei „leer.csv“ ist leer.', { exact: false })).toBeVisible();
});
