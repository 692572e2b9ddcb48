// A podcast for journeys that don't walk the onboarding: created through the API with the page's
// own cookies, so the signed-in user owns it.
import { expect, type Page } from '@playwright/test';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { apiWrite, xsrfHeaders } from './accounts.ts';

/** POST /api/podcasts as the page's user; categories 1 and 2 of the seed. */
export async function createPodcastViaApi(page: Page, title = 'Kompass Test-Podcast'): Promise<Podcast> {
  const response = await page.request.post('/api/podcasts', {
    headers: await xsrfHeaders(page),
    data: { title, category_id: [1, 2] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Podcast }).data;
}

export type Step = { id: number; description: string; completed: boolean };

/**
 * A podcast (selected) with an experiment on practice 1 of the seed ('Shownotes mit
 * Kapitelmarken', five steps) that starts today (no clock moved).
 */
export async function podcastWithExperiment(page: Page, title: string) {
  const podcast = await createPodcastViaApi(page, title);
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);
  const today = berlinDate(new Date());
  const experiment = (await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/experiments`, {
    practice_id: 1,
    starts_at: today,
    ends_at: addDays(today, 14),
  })) as { id: number; title: string; actions: Step[] };
  return { podcast, experiment };
}
