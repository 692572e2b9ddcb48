// On a phone: one online visit is enough to read methods (any of the 99, after 'Für offline
// speichern'), an experiment and a tip with the network off; the banner says the data may be
// older and from when.
import { expect, test, type Page } from '@playwright/test';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { allowFor } from './support/budget.ts';
import { controlledByWorker, firstTip, mirrorPaths, OFFLINE, PRACTICE } from './support/offline.ts';
import { podcastWithExperiment } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

/** The page's emoji images: how many show, and those that failed to load. */
function emojiImages(page: Page) {
  return page.evaluate(() => {
    const emoji = [...document.images].filter((image) => image.src.includes('/twemoji/'));
    const broken = emoji.filter((image) => image.complete && image.naturalWidth === 0).map((i) => i.src);
    return { someShown: emoji.some((image) => image.naturalWidth > 0), broken };
  });
}

test.use(phone);

/** A method never opened online: read offline from what 'Für offline speichern' saved. */
const UNVISITED = {
  id: 72,
  title: 'Rezensionen in der Folge vorlesen',
  text: 'Schriftliche Rezensionen sind seltener als Sterne',
};

test('methods, an experiment and a tip read offline after one online visit', async ({ page, context }) => {
  test.slow();
  await verifiedUser(page);
  const { podcast, experiment } = await podcastWithExperiment(page, 'Funkloch');
  const tip = await firstTip(page, podcast.id);

  await page.goto('/app/practices/list');
  await controlledByWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Lass dich inspirieren' })).toBeVisible();
  await page.getByRole('button', { name: 'Für offline speichern' }).click();
  // ~600 requests through the worker: the time they take is added to the journey's limit.
  allowFor(60_000);
  await expect(page.getByText(/^99 Methoden offline gespeichert \(Stand: /)).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'practices.list with offline saving');

  // 101 comments: online the newest 50 and, on 'Ältere anzeigen', the 50 before them.
  for (let n = 1; n <= 101; n++)
    await apiWrite(page, 'POST', `/api/experiments/${experiment.id}/comments`, { content: `Notiz ${n}` });
  await page.goto(`/app/experiments/${experiment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE.title })).toBeVisible();
  await expect(page.getByText('0 von 5 Aufgaben erledigt')).toBeVisible();
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await expect(comments.getByRole('listitem')).toHaveCount(50);
  await comments.getByRole('button', { name: 'Ältere anzeigen' }).click();
  await expect(comments.getByRole('listitem')).toHaveCount(100);
  // Newest first (the form above them): Notiz 101 on top, Notiz 2 the oldest loaded.
  await expect(comments.getByRole('listitem').first()).toContainText('Notiz 101');
  await expect(comments.getByRole('listitem').last()).toContainText('Notiz 2');
  // The dashboard once (its running experiments), then the other screens' code is stored.
  await page.goto('/app/podcast');
  await expect(
    page.getByRole('region', { name: 'Laufende Experimente' }).getByRole('link').first(),
  ).toBeVisible();
  await expect
    .poll(
      () => page.evaluate(async () => (await (await caches.open('kompass-assets')).keys()).map((r) => r.url)),
      {
        timeout: 60_000,
      },
    )
    .toContainEqual(expect.stringMatching(/\/assets\/feed-check-page-[\w-]{8}\.js$/));

  await page.goto(`/app/assistances/${tip.id}`);
  await expect(page.getByRole('heading', { level: 1, name: tip.subject })).toBeVisible();
  expect((await mirrorPaths(page)).length).toBeGreaterThan(99 * 7);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: tip.subject })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: OFFLINE });
  await expect(banner).toContainText(
    /Stand: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr – sie können inzwischen veraltet sein\./,
  );

  // Offline, only the session probe may fail (it is never answered from a copy); no file may.
  // A request the navigation cancels (net::ERR_ABORTED: the tip page's code that loads after its
  // first screen, still on its way) is not a file missing offline (stress run).
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    const path = new URL(request.url()).pathname;
    if (path !== '/api/account/session' && request.failure()?.errorText !== 'net::ERR_ABORTED')
      failed.push(path);
  });
  await page.goto(`/app/practices/${UNVISITED.id}/content`);
  await expect(page.getByRole('heading', { level: 1, name: UNVISITED.title })).toBeVisible();
  await expect(page.getByText(UNVISITED.text)).toBeVisible();
  await expect(banner).toBeVisible();
  // Its emoji was saved with it (never shown online): no broken image.
  await expect.poll(() => emojiImages(page)).toEqual({ someShown: true, broken: [] });
  // And the fallback 2753 an emoji without an image shows ('Für offline speichern' stores it too).
  expect(await page.evaluate(async () => Boolean(await caches.match('/twemoji/2753.svg')))).toBe(true);
  expect(failed).toEqual([]);
  await expectAccessible(page, 'practices.show.content offline');

  await page.goto(`/app/practices/${UNVISITED.id}/actions`);
  await expect(page.getByText('Wähle pro Folge eine Rezension, die etwas Konkretes sagt')).toBeVisible();

  await page.goto(`/app/experiments/${experiment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE.title })).toBeVisible();
  await expect(page.getByText('0 von 5 Aufgaben erledigt')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Umsetzung' }).getByRole('checkbox')).toHaveCount(5);
  // The older comments loaded online stay; more of them need the network, and the page says so.
  await expect(comments.getByRole('listitem')).toHaveCount(100);
  await expect(comments.getByRole('listitem').first()).toContainText('Notiz 101');
  await expect(comments.getByRole('listitem').last()).toContainText('Notiz 2');
  await expect(comments.getByRole('button', { name: 'Ältere anzeigen' })).toBeDisabled();
  await expect(comments.getByText('Ältere Einträge laden geht nur mit Internetverbindung.')).toBeVisible();
  await expectAccessible(page, 'experiments.show offline with older comments');

  // The similar methods of the unvisited method, with their emoji.
  await page.goto(`/app/practices/${UNVISITED.id}/overview`);
  const similar = page.getByRole('region', { name: 'Passende Methoden' });
  await expect(similar.getByRole('link')).toHaveCount(3);
  await expect.poll(() => emojiImages(page)).toEqual({ someShown: true, broken: [] });

  // The experiment list, never opened online, says what it knows from the dashboard's copy:
  // the running experiment, never 'Gerade läuft kein Experiment', and that it has no copy of
  // the ended ones.
  await page.goto('/app/experiments');
  await expect(page.getByRole('heading', { level: 1, name: 'Experimente' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Laufende Experimente' }).getByRole('link')).toHaveText([
    experiment.title,
  ]);
  await expect(
    page.getByText(/Gerade läuft kein Experiment|Noch ist kein Experiment abgelaufen/),
  ).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Abgelaufene Experimente' })).toContainText(
    'Diese Liste ist auf deinem Gerät noch nicht gespeichert.',
  );

  // Screens never opened online open offline: their code was stored in idle time.
  for (const [path, heading] of [
    ['/app/podcast/feed-check', 'Feed-Check'],
    ['/app/settings/profile', 'Einstellungen'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.getByText('Es ist zu einem unerwarteten Fehler gekommen')).toHaveCount(0);
  }

  await page.goto(`/app/experiments/${experiment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE.title })).toBeVisible();
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE.title })).toBeVisible();
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
});

test('on Wi-Fi the method list saves every method by itself', async ({ page }) => {
  // The Network Information API as Chrome on Android reports a Wi-Fi connection.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { type: 'wifi', saveData: false } });
  });
  await verifiedUser(page);
  await podcastWithExperiment(page, 'WLAN-Funk');
  await page.goto('/app/practices/list');
  await controlledByWorker(page);
  // ~600 requests through the worker: the time they take is added to the journey's limit.
  allowFor(60_000);
  await expect(page.getByText(/^99 Methoden offline gespeichert \(Stand: /)).toBeVisible({ timeout: 60_000 });
});
