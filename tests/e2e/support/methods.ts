// The methods journeys' shortcuts (methods-*.spec.ts): the list and the dashboard opened and
// loaded, the cards and widgets, a flag set through the action menu, a Basic podcast, and a new
// true-crime show that wants reach.
import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { apiWrite, verifiedUser } from './accounts.ts';
import { createPodcastDaysAgo } from './database.ts';
import { createPodcastViaApi } from './podcasts.ts';

export const EMPTY = 'Für diese Auswahl gibt es keine Methoden. Probiere andere Filter aus.';

export const cards = (page: Page) => page.getByRole('article');
export const widget = (page: Page, name: string) => page.getByRole('region', { name });

/** The podcast's trial ended 40 days ago: Basic. On PostgreSQL through psql, else the SQLite file. */
export function makeBasic(podcastId: number) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return createPodcastDaysAgo(podcastId, 40);
  const created = `${addDays(berlinDate(new Date()), -40)}T12:00:00.000Z`;
  execFileSync('psql', [url, '-qc', `UPDATE podcasts SET created_at = '${created}' WHERE id = ${podcastId}`]);
}

/** Opens the list and waits for its first page. */
export async function openList(page: Page, query = '') {
  await page.goto(`/app/practices${query ? `/list?${query}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lass dich inspirieren' })).toBeVisible();
  await expect(page.getByText('Lade Methoden...')).toHaveCount(0);
}

export async function openDashboard(page: Page) {
  await page.goto('/app/podcast');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
}

/**
 * Chooses a flag in the method action menu of the page or of a card, and waits for the server's
 * answer: the tag shows at once (optimistic), and a `goto` right after it would cancel the write
 * still on its way (a stress run's PostgreSQL pass: the rejected method stayed recommended).
 */
export async function toggle(page: Page, scope: Page | Locator, title: string, item: string) {
  await scope.getByRole('button', { name: `Aktionen für ${title}` }).click();
  const written = page.waitForResponse(
    (r) =>
      /\/api\/podcasts\/\d+\/(bookmarks|applications|rejections)$/.test(new URL(r.url()).pathname) &&
      r.request().method() !== 'GET',
  );
  await page.getByRole('menuitemcheckbox', { name: item }).click();
  await written;
}

export const itemTitles = async (list: Locator) =>
  (await list.getByRole('link').allTextContents()).map((t) => t.replace(/(Kompass )?\d+ %.*$/, '').trim());

/** A new true-crime show that wants reach. */
export async function trueCrimeShow(page: Page) {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Mord am Mittwoch');
  await apiWrite(page, 'PUT', `/api/podcasts/${podcast.id}/objective`, {
    coverage: 'high',
    throughput: 'medium',
    reputation: 'medium',
    interaction: 'low',
    monetization: 'none',
    expertise: 'none',
    referability: 'high',
    enjoyment: 'low',
  });
  return podcast;
}
