// An experiment's effect on downloads against the baseline, on a phone: the experiment ran two
// weeks ending 17 days ago (created with the server's clock moved back, then put back), and the
// uploaded export holds 90 days with its downloads +30 % over the run. 'Wirkung' shows the
// measured effect with its interval and the band; 'Was hat gewirkt?' the same figure. In the
// `clock` project (playwright.config.ts), since it moves the server's clock.
import { expect, test, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { apiWrite, verifiedUser, xsrfHeaders } from './support/accounts.ts';
import { generateDownloads, toCsv } from './support/audience-csv.ts';
import { unique } from './support/attempt.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

async function setServerClock(page: Page, now: Date) {
  const response = await page.request.post('/api/test/clock', {
    headers: await xsrfHeaders(page),
    data: { now: now.toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an experiment that lifted the downloads shows the effect with its band, and the form what Kompass can tell', async ({
  page,
}) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, unique('Wirkt messbar'));
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);
  const today = berlinDate(new Date());
  const start = addDays(today, -30);
  const end = addDays(today, -17);

  let experiment: { id: number; title: string };
  try {
    await setServerClock(page, new Date(`${start}T10:00:00Z`));
    experiment = (await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/experiments`, {
      practice_id: 1,
      starts_at: start,
      ends_at: end,
    })) as { id: number; title: string };
  } finally {
    await setServerClock(page, new Date());
  }

  // 90 days up to yesterday: 60 before the start (the baseline), the run +30 %, 16 days after.
  const days = generateDownloads({
    to: addDays(today, -1),
    days: 90,
    jump: { from: start, to: end, factor: 1.3 },
  });
  await page.goto('/app/podcast/audience');
  await page.getByLabel('CSV- oder TSV-Datei').setInputFiles({
    name: 'downloads.csv',
    mimeType: 'text/csv',
    buffer: toCsv(days),
  });
  await page.getByRole('button', { name: 'Datei hochladen' }).click();
  const preview = page.getByRole('region', { name: /^Vorschau/ });
  await preview.getByLabel('Downloads').selectOption('Zahl');
  await preview.getByRole('button', { name: 'Importieren' }).click();
  await expect(preview.getByTestId('import-result')).toContainText('Importiert: 90 neue Tage');

  // Before a new experiment, the form says what Kompass will be able to tell from these downloads.
  await page.goto('/app/experiments/create?practice_id=1');
  await page.getByLabel('Start').fill(today);
  await page.getByLabel('Ende').fill(addDays(today, 27));
  await expect(page.getByTestId('effect-detectable')).toContainText(
    /Mit deinen bisherigen Downloads erkennt Kompass nach 28 Tagen Veränderungen ab etwa ±\d+\u00a0%\./,
  );

  await page.goto(`/app/experiments/${experiment.id}`);
  const effect = page.getByRole('region', { name: 'Wirkung' });
  const measured = effect.getByTestId('audience-effect');
  // 'Mehr Downloads als erwartet: +29 %', then the sentence with its interval '(90 %-Intervall: +21 %
  // bis +37 %)': the estimate near the injected 30 %, its interval above 0. Figures keep a
  // non-breaking space before '%' (\u00a0).
  await expect(measured).toContainText(/Mehr Downloads als erwartet: \+\d+\u00a0%/);
  const text = (await measured.textContent()) ?? '';
  const sentence =
    /\+(\d+)\u00a0% mehr Downloads als erwartet \(90\u00a0%-Intervall: \+(\d+)\u00a0% bis \+(\d+)\u00a0%\)/.exec(
      text,
    );
  expect(sentence, text).not.toBeNull();
  const [estimate, low, high] = sentence!.slice(1).map(Number);
  expect(text).not.toMatch(/-\d/);
  expect(estimate).toBeGreaterThanOrEqual(20);
  expect(estimate).toBeLessThanOrEqual(40);
  expect(low).toBeGreaterThan(0);
  expect(high).toBeGreaterThanOrEqual(estimate!);
  await expect(measured.getByTestId('effect-band-chart').locator('canvas')).toBeVisible();
  const table = measured.getByRole('table', { name: /beobachtet und erwartet/ });
  await expect(table.locator('tbody tr')).toHaveCount(14);
  await expect(table.locator('tbody tr').first()).toContainText(start.split('-').reverse().join('.'));
  // On a 390 px phone the header's „Beobachtet“ and „Erwartet“ stand apart, not run together.
  const gap = await table.evaluate((node) => {
    const word = (text: string) => {
      const cell = [...node.querySelectorAll('thead th')].find((th) => th.textContent?.trim() === text)!;
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getBoundingClientRect();
    };
    return word('Erwartet').left - word('Beobachtet').right;
  });
  expect(gap).toBeGreaterThanOrEqual(12);
  await expectAccessible(page, 'experiments.show with the measured effect');

  await page.goto('/app/experiments/list');
  const worked = page.getByRole('region', { name: 'Was hat gewirkt?' });
  const item = worked.getByRole('listitem').filter({ hasText: experiment.title });
  await expect(item.getByTestId('measured-effect')).toContainText(`+${estimate}`);
  await expectAccessible(page, 'experiments.list with the measured effect');
});
