// An experiment's effect on downloads against the baseline, on a phone: the experiment ran two
// weeks ending 17 days ago (created with the server's clock moved back, then put back), and the
// uploaded export holds 90 days with its downloads +30 % over the run. 'Wirkung' shows the
// measured effect with its interval and the band; 'Was hat gewirkt?' the same figure. And a
// method's pooled evidence: counted until five podcasts of five owners measured it, shown on its
// overview and card from five, withdrawn when one opts out. In the
// `clock` project (playwright.config.ts), since it moves the server's clock.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { apiWrite, verifiedUser, xsrfHeaders } from './support/accounts.ts';
import { generateDownloads, toCsv, uploadDownloads } from './support/audience-csv.ts';
import { unique } from './support/attempt.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { podcastFeed, startFeedServer } from './support/feed-server.ts';
import { phone, secondPhone } from './support/phones.ts';

test.use(phone);

async function setServerClock(page: Page, now: Date) {
  const response = await page.request.post('/api/test/clock', {
    headers: await xsrfHeaders(page),
    data: { now: now.toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The experiment form with the answer of what Kompass can tell held until the dates are set: the
 * note keeps its place meanwhile, so the button under it stays where a tap on its way aims. On a
 * phone of the same user without the service worker, whose mirror would fetch the answer past the
 * page's route.
 */
async function formSaysWhatItCanTell(page: Page, today: string, answer: RegExp) {
  const form = await secondPhone(page.context().browser()!, {
    serviceWorkers: 'block',
    storageState: await page.context().storageState(),
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await form.route(/\/effect-detectable\?/, async (route) => (await held, route.continue()));
  await form.goto('/app/experiments/create?practice_id=1');
  const note = form.getByTestId('effect-detectable');
  await form.getByLabel('Start').fill(today);
  await form.getByLabel('Ende').fill(addDays(today, 27));
  await expect(note).toContainText('Kompass rechnet');
  const button = form.getByRole('button', { name: 'Experiment starten' });
  const waiting = (await button.boundingBox())!.y;
  release();
  await expect(note).toHaveText(answer);
  expect(Math.abs((await button.boundingBox())!.y - waiting)).toBeLessThanOrEqual(20); // a line at most
  await form.context().close();
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

  // Without downloads yet, the longest answer the form can get.
  await formSaysWhatItCanTell(
    page,
    today,
    /Zu wenig Daten: Um zu sagen, welche Veränderungen Kompass erkennen kann/,
  );

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
  await formSaysWhatItCanTell(
    page,
    today,
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

/**
 * One owner's podcast that measured `practiceId`, of one kind with the others (pooled-kinds.ts: a
 * weekly feed imported from loopback gives its rhythm, the stage its size): an experiment ended 17
 * days ago (made with the clock moved back), an export with the run's downloads × `factor`,
 * uploaded and committed through the API as the owner's page sends it. Returns the owner's page
 * (its own browser context).
 */
async function measuredPodcast(browser: Browser, feedUrl: string, practiceId: number, factor: number) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await verifiedUser(page);
  const podcast = (await apiWrite(page, 'POST', '/api/podcasts:import', { rss_uri: feedUrl })) as {
    id: number;
  };
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);
  await apiWrite(page, 'PUT', `/api/podcasts/${podcast.id}/stage`, {
    commitment: '30_minutes',
    expansion: 'lt_1k',
    investment: 'none',
  });
  const today = berlinDate(new Date());
  const [start, end] = [addDays(today, -30), addDays(today, -17)];
  try {
    await setServerClock(page, new Date(`${start}T10:00:00Z`));
    await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/experiments`, {
      practice_id: practiceId,
      starts_at: start,
      ends_at: end,
    });
  } finally {
    await setServerClock(page, new Date());
  }
  const days = generateDownloads({
    to: addDays(today, -1),
    days: 90,
    jump: { from: start, to: end, factor },
  });
  await uploadDownloads(page, podcast.id, days);
  return page;
}

/** The periodic jobs once, now (the pooled-evidence job among them). */
async function runJobs(page: Page) {
  const response = await page.request.post('/api/test/jobs:run', { headers: await xsrfHeaders(page) });
  expect(response.status(), await response.text()).toBe(200);
}

test('a method shows what five podcasts of five owners measured, counts before, and loses a podcast that opts out', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // A method no other journey runs experiments on, another one on a retry (its own contributions).
  const practiceId = 90 + testInfo.retry;
  const feeds = await startFeedServer({ '/feed.xml': podcastFeed('Wöchentlich', 20) });
  const feed = feeds.url('/feed.xml');
  const owners: Page[] = [];
  for (const factor of [1.25, 1.3, 1.2, 1.35])
    owners.push(await measuredPodcast(browser, feed, practiceId, factor));
  // Each look is by an owner who has not read the methods yet: a page that has keeps their answer
  // for a few minutes (staleTime of get-pooled-effects.ts), as the app does for every reader.
  const [first, second, third] = owners as [Page, Page, Page, Page];
  const overview = `/app/practices/${practiceId}/overview`;
  await runJobs(first);
  await first.goto(overview);
  await expect(first.getByText('Noch zu wenige Messungen (4 von 5)')).toBeVisible();

  owners.push(await measuredPodcast(browser, feed, practiceId, 1.3));
  await runJobs(second);
  await second.goto(overview);
  const figure =
    /Bei 5 Podcasts wie deinem: im Mittel \+\d+\s%\sDownloads \(90\u00a0%: [+−±]?\d+\u00a0% bis \+\d+\s%\)/;
  await expect(second.getByText(figure)).toBeVisible();
  await expect(second.getByText(/Aus 5 Experimenten von 5 Podcasts/)).toBeVisible();
  // The method's card (the bookmarked methods list holds just it) shows the figure too.
  const [podcast] = (await (await second.request.get('/api/account/podcasts')).json()).data as {
    id: number;
  }[];
  await apiWrite(second, 'POST', `/api/podcasts/${podcast!.id}/bookmarks`, { practice_id: practiceId });
  await second.goto('/app/practices/list?status=bookmarked');
  await expect(second.getByRole('article').filter({ hasText: figure })).toHaveCount(1);

  // One owner opts out in the podcast's settings: its measurement leaves, four are too few again.
  const leaving = owners[4]!;
  await leaving.goto('/app/podcast/edit');
  const optOut = leaving.getByLabel('Meine Messungen nicht für andere verwenden');
  // Checked once the server has stored it (the box shows the saved setting).
  await expect(optOut).toBeEnabled();
  await optOut.click();
  await expect(optOut).toBeChecked();
  await leaving.reload();
  await expect(optOut).toBeChecked();
  await runJobs(third);
  await third.goto(overview);
  await expect(third.getByText('Noch zu wenige Messungen (4 von 5)')).toBeVisible();
  await expect(third.getByText(/Podcasts wie deinem/)).toHaveCount(0);
  for (const owner of owners) await owner.context().close();
  await feeds.close();
});
