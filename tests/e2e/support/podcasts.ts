// A podcast for journeys that don't walk the onboarding: created through the API with the page's
// own cookies, so the signed-in user owns it.
import { expect, type Page } from '@playwright/test';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { xsrfHeaders } from './accounts.ts';

/** POST /api/podcasts as the page's user; categories 1 and 2 of the seed. */
export async function createPodcastViaApi(page: Page, title = 'Kompass Test-Podcast'): Promise<Podcast> {
  const response = await page.request.post('/api/podcasts', {
    headers: await xsrfHeaders(page),
    data: { title, category_id: [1, 2] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Podcast }).data;
}
