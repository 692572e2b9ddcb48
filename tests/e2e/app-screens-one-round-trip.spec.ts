// Issue 25, goal 1: after the shell, one round trip brings what a screen shows. The page of a
// signed-in user carries the answers of session, podcasts and context (src/server/http/boot-data.ts),
// so none of them goes over the network on a load; and a screen asks for all of its data at once
// (the route loaders in routes/screens/*-screens.tsx), not for the next part once one has answered.
// Told by the order of the browser's request events, not by times.
import { expect, test, type Page } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { createPodcastViaApi, podcastWithExperiment } from './support/podcasts.ts';

// The page's own requests are what this is about, not the service worker's copies.
test.use({ serviceWorkers: 'block' });

const SHELL_CALLS = ['/api/account/session', '/api/account/podcasts', '/api/account/context'];

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

test('the dashboard paints its data with no call for session, podcasts or context, its requests all at once', async ({
  page,
}) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Zeitreise');
  const api = recordApi(page);
  await page.goto('/app/podcast');
  await expect(page.getByRole('heading', { level: 1, name: 'Zeitreise' })).toBeVisible();
  await expect(page.getByText('0 von 6 Schritten erledigt.', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  expect(api.asked().filter((url) => SHELL_CALLS.includes(url))).toEqual([]);
  const base = `^/api/podcasts/${podcast.id}/`;
  expect(
    api.askedTogether([
      new RegExp(`${base}settings$`),
      new RegExp(`${base}experiments\\?state=started$`),
      new RegExp(`${base}estimations`),
      new RegExp(`${base}bookmarks$`),
      new RegExp(`${base}memberships$`),
    ]),
  ).toEqual([]);
});

test('a method and an experiment ask for their parts together with themselves', async ({ page }) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Zeitreise');

  const method = recordApi(page);
  await page.goto('/app/practices/1/overview');
  await expect(page.getByRole('heading', { name: 'Teil dieser Sets' })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  expect(
    method.askedTogether([
      /^\/api\/practices\/1\?context=/,
      /^\/api\/practices\/1\/compilations$/,
      /similarities/,
    ]),
  ).toEqual([]);

  const shown = recordApi(page);
  await page.goto(`/app/experiments/${experiment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: experiment.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wirkung' })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  const id = experiment.id;
  expect(
    shown.askedTogether([
      new RegExp(`^/api/experiments/${id}$`),
      new RegExp(`^/api/experiments/${id}/effect$`),
      new RegExp(`^/api/experiments/${id}/comments$`),
      new RegExp(`^/api/experiments/${id}/events$`),
    ]),
  ).toEqual([]);
  expect(shown.asked().filter((url) => SHELL_CALLS.includes(url))).toEqual([]);
});
