// A returning user (the installed app, its query cache persisted) sees the dashboard with its data
// at the first paint, before any answer of the server arrives; the server's answers then follow.
import { expect, test, type Route } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

// The page's own requests are held here; the service worker's cache is not what this is about.
test.use({ serviceWorkers: 'block' });

test('the dashboard paints from the persisted cache before the server answers', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Zeitreise');
  await page.goto('/app/podcast');
  await expect(page.getByRole('heading', { level: 1, name: 'Zeitreise' })).toBeVisible();
  await expect(page.getByText('0 von 6 Schritten erledigt.', { exact: false })).toBeVisible();
  // The cache is written shortly after it changes; wait until it holds the checklist's settings.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('kompass.query-cache') ?? ''))
    .toContain('"settings"');

  // The installed app's page comes from the service worker, without the answers the server embeds
  // in a page it serves (src/server/http/boot-data.ts): the page here is stripped of them likewise.
  await page.route('**/app/podcast', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    const body = (await response.text()).replace(
      /<script type="application\/json" id="boot">.*?<\/script>/s,
      '',
    );
    await route.fulfill({ status: response.status(), headers, body });
  });
  const held: Route[] = [];
  let hold = true;
  await page.route('**/api/**', (route) => (hold ? void held.push(route) : route.continue()));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Zeitreise' })).toBeVisible();
  await expect(page.getByText('0 von 6 Schritten erledigt.', { exact: false })).toBeVisible();
  // Asked, but not one answered yet.
  await expect
    .poll(() => held.map((r) => new URL(r.request().url()).pathname))
    .toContain(`/api/podcasts/${podcast.id}/settings`);

  hold = false;
  for (const route of held) await route.continue();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Zeitreise' })).toBeVisible();
});
