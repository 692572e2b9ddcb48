// A walk through every screen of the app on a 390 × 844 phone, for a Studio Pro podcast with a
// running experiment and tips: once online, then offline. On each screen: its heading, no
// unexpected error, no '0 %' match, the Kompass-KI button in the tab bar, nothing wider than the
// phone. Every screen was opened online first, so offline each shows its own content, never
// 'Diese Seite braucht einmal eine Verbindung' (what a screen never opened says: offline-reading).
// The screens are opened as a tap on a link opens them (the router's history, no page load), so
// the walk stays short; the offline pass starts with one load of the app, as opening it offline does.
import { expect, test, type Page } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { controlledByWorker, firstTip, mirrorPaths, OFFLINE } from './support/offline.ts';
import { podcastWithExperiment } from './support/podcasts.ts';

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

const UNEXPECTED = 'Es ist zu einem unerwarteten Fehler gekommen';

/** The method as the podcast sees it, as its screen asks for it (practices 1, podcast `id`). */
const methodRead = (podcastId: number) => `/api/practices/1?context=${podcastId}`;

/** A screen: its path and heading; `tab`: it shares its heading with others, its tab marks it. */
type Screen = { path: string; heading: string; tab?: boolean };

function screens(podcastId: number, experimentId: number, tip: { id: number; subject: string }): Screen[] {
  const method = 'Shownotes mit Kapitelmarken';
  const tabs = (base: string, heading: string, names: string[]) =>
    names.map((name) => ({ path: `${base}/${name}`, heading, tab: true }));
  return [
    { path: '/app/podcast', heading: 'Wanderweg' },
    { path: '/app/practices/list', heading: 'Lass dich inspirieren' },
    ...tabs('/app/practices/1', method, [
      'overview',
      'content',
      'context',
      'actions',
      'rating',
      'experiments',
    ]),
    { path: '/app/compilations', heading: 'Sets' },
    { path: '/app/experiments/list', heading: 'Experimente' },
    { path: `/app/experiments/${experimentId}`, heading: method },
    { path: '/app/assistances', heading: 'Tipps von der Kompass-KI' },
    { path: `/app/assistances/${tip.id}`, heading: tip.subject },
    { path: '/app/account/assistances', heading: 'Alle Tipps von der Kompass-KI' },
    { path: '/app/podcast/audience', heading: 'Hörerzahlen' },
    { path: '/app/podcast/feed-check', heading: 'Feed-Check' },
    ...tabs('/app/podcast/edit', 'Podcast bearbeiten', [
      'general',
      'objective',
      'stage',
      'strategy',
      'metrics',
      'milestones',
      'contract',
      'coworkers',
    ]),
    { path: `/app/podcasts/${podcastId}/invite`, heading: 'Coworker*innen einladen' },
    { path: '/app/podcast/coworkers', heading: 'Coworker*innen' },
    { path: '/app/account/coworkers', heading: 'Deine Coworker*innen' },
    ...tabs('/app/settings', 'Einstellungen', [
      'profile',
      'picture',
      'account',
      'password',
      'notifications',
      'contract',
      'delete',
    ]),
    { path: '/app/feedback', heading: 'Feedback geben' },
  ];
}

/** Opens `path` as a link would: a push to the router's history (it patches pushState). */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', to);
  }, path);
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** '0 %' as a match, not the end of '10 %' or '2,0 %'. */
const zeroPercent = () => /(^|[^\d,.])0\s?%/.test(document.body.innerText);

async function visit(page: Page, screen: Screen) {
  const { path, heading } = screen;
  await open(page, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1, name: exactly(heading) }), path).toBeVisible();
  // Screens sharing a heading: the new one is there when its tab is the current one.
  if (screen.tab) await expect(page.locator(`a[href="${path}"][aria-current="page"]`), path).toBeVisible();
  await expect(page.getByText(/^Lade .*(\.\.\.|…)$/), path).toHaveCount(0);
  await expect(page.getByText(UNEXPECTED), path).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Hauptmenü' }).locator('[data-assistant-button]'),
    path,
  ).toBeVisible();
  expect(await page.evaluate(zeroPercent), `${path}: a '0 %' match`).toBe(false);
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${path}: page width`).toBeLessThanOrEqual(WIDTH);
}

test('every screen on the phone, online and then offline', async ({ page, context }) => {
  await verifiedUser(page);
  const { podcast, experiment } = await podcastWithExperiment(page, 'Wanderweg');
  const tip = await firstTip(page, podcast.id);
  const walk = screens(podcast.id, experiment.id, tip);

  await page.goto('/app/podcast');
  await controlledByWorker(page);
  for (const screen of walk) await visit(page, screen);
  // What the first screens read is still saved for offline after the later ones: no read (the
  // account's tips, its offerings) may clear the device's copies as if another user had logged in.
  expect(await mirrorPaths(page)).toContain(methodRead(podcast.id));

  // The saved copy of a method can go (the least recently used of 1500 do): its screen still
  // shows the method it had, not an error.
  await page.evaluate(
    (key) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('kompass-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('mirror', 'readwrite');
          tx.objectStore('mirror').delete(key);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    methodRead(podcast.id),
  );
  await context.setOffline(true);
  await page.goto('/app/podcast');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  for (const screen of walk) await visit(page, screen);
});
