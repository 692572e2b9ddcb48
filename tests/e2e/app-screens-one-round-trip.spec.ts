// After the shell, one round trip brings what a screen shows. The page of a
// signed-in user carries the answers of session, podcasts and context, and for the four app screens
// (dashboard, method list, a method, an experiment) those of the screen's own first requests
// (src/server/http/boot-data.ts): loaded as a page, they paint with no API request at all. Opened
// from another screen, a screen asks for all of its data at once (the route loaders in
// routes/screens/*-screens.tsx), not for the next part once one has answered.
// Told by the order of the browser's request events, not by times.
import { expect, test, type Page } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { createPodcastViaApi, podcastWithExperiment } from './support/podcasts.ts';

// The page's own requests are what this is about, not the service worker's copies.
test.use({ serviceWorkers: 'block' });

/** Every API request and answer of the page, in the order the browser reported them. */
function recordApi(page: Page) {
  const events: { kind: 'asked' | 'answered'; url: string }[] = [];
  const apiUrl = (url: string) => {
    const { pathname, search } = new URL(url);
    return pathname.startsWith('/api/') ? pathname + search : null;
  };
  page.on('request', (r) => {
    const url = apiUrl(r.url());
    if (url) events.push({ kind: 'asked', url });
  });
  page.on('requestfinished', (r) => {
    const url = apiUrl(r.url());
    if (url) events.push({ kind: 'answered', url });
  });
  return {
    asked: () => events.filter((e) => e.kind === 'asked').map((e) => e.url),
    /** Each of `wanted` (patterns of the screen's requests) was asked before any of them was answered. */
    askedTogether(wanted: RegExp[]) {
      const mine = events.filter((e) => wanted.some((w) => w.test(e.url)));
      const firstAnswer = mine.findIndex((e) => e.kind === 'answered');
      const before = mine.slice(0, firstAnswer < 0 ? mine.length : firstAnswer).map((e) => e.url);
      return wanted.filter((w) => !before.some((url) => w.test(url))).map(String);
    },
  };
}

/**
 * A full load of `path`, its API requests recorded from a blank page: the page before it may still
 * be at work as it goes (the landing page after the e-mail confirmation asks for the tips of the
 * podcast it has just learned of), and its requests are not this load's.
 */
async function loadRecorded(page: Page, path: string) {
  await page.goto('about:blank');
  const api = recordApi(page);
  await page.goto(path);
  return api;
}

/** The requests among `asked` that match one of `patterns`. */
const matching = (asked: string[], patterns: RegExp[]) =>
  asked.filter((url) => patterns.some((p) => p.test(url)));

test('the dashboard paints its data with no API request: shell and screen answers come with the page', async ({
  page,
}) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Zeitreise');
  const api = await loadRecorded(page, '/app/podcast');
  await expect(page.getByRole('heading', { level: 1, name: 'Zeitreise' })).toBeVisible();
  await expect(page.getByText('0 von 6 Schritten erledigt.', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  const base = `^/api/podcasts/${podcast.id}/`;
  const screen = [
    /^\/api\/account\//,
    /^\/api\/compilations$/,
    new RegExp(
      `${base}(settings|experiments\\?state=started|estimations|bookmarks|applications|memberships|objective|strategy|episodes|assistances)`,
    ),
  ];
  expect(matching(api.asked(), screen)).toEqual([]);
});

test('a method, the method list and an experiment paint with no API request; opened from another screen, they ask for their parts at once', async ({
  page,
}) => {
  await verifiedUser(page);
  const { podcast, experiment } = await podcastWithExperiment(page, 'Zeitreise');
  const id = experiment.id;
  const methodCalls = [
    /^\/api\/practices\/\d+\?context=/,
    /^\/api\/practices\/\d+\/compilations$/,
    /similarities/,
  ];
  const experimentCalls = [
    new RegExp(`^/api/experiments/${id}$`),
    new RegExp(`^/api/experiments/${id}/effect$`),
    new RegExp(`^/api/experiments/${id}/comments$`),
    new RegExp(`^/api/experiments/${id}/events$`),
  ];
  const tips = new RegExp(`^/api/podcasts/${podcast.id}/assistances$`);

  const method = await loadRecorded(page, '/app/practices/1/overview');
  await expect(page.getByRole('heading', { name: 'Teil dieser Sets' })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  expect(matching(method.asked(), [...methodCalls, tips, /^\/api\/account\//])).toEqual([]);

  const list = await loadRecorded(page, '/app/practices/list');
  const firstMethod = page.locator('main a[href^="/app/practices/"][href$="/overview"]').first();
  await expect(firstMethod).toBeVisible();
  expect(matching(list.asked(), [/^\/api\/keywords$/, /\/practices\?/, tips, /^\/api\/account\//])).toEqual(
    [],
  );
  // Opened from the list: the method's requests go out together.
  const opened = recordApi(page);
  await firstMethod.click();
  await expect(page.getByRole('heading', { name: 'Teil dieser Sets' })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  expect(opened.askedTogether(methodCalls)).toEqual([]);

  const shown = await loadRecorded(page, `/app/experiments/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: experiment.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wirkung' })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  expect(matching(shown.asked(), [...experimentCalls, tips, /^\/api\/account\//])).toEqual([]);

  // Opened from the dashboard's running experiments: its requests go out together.
  await page.goto('/app/podcast');
  const fromDashboard = recordApi(page);
  await page.getByRole('link', { name: experiment.title }).click();
  await expect(page.getByRole('region', { name: 'Wirkung' })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  expect(fromDashboard.askedTogether(experimentCalls)).toEqual([]);
});
