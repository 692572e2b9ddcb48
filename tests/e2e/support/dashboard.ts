// The dashboard journeys' shortcuts (dashboard-*.spec.ts): the phone they run on, a widget by
// name, the dashboard opened once its widgets answered, and a second user as a member.
import { expect, type Browser, type Page } from '@playwright/test';
import type { Role } from '../../../src/shared/roles.ts';
import { currentUserId, verifiedUser } from './accounts.ts';
import { addMembership } from './database.ts';
import { phone } from './phones.ts';

export const widget = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/**
 * Opens the dashboard and waits until the widgets that load their own data have answered: the
 * podcast's settings (the gift shows only once they are known) come embedded in the page
 * (boot-data.ts screenCalls) or, where the page no longer takes its copy, as a request. Waiting
 * for the request alone hung when the page's copy was taken (stress run h1).
 */
export async function openDashboard(page: Page, podcastId: number) {
  const path = `/api/podcasts/${podcastId}/settings`;
  const requested = page.waitForResponse((r) => r.url().endsWith(path));
  const served = await page.goto('/app/podcast');
  // The client reads the embedded answers and removes them from the page: ask the served HTML.
  const embedded = (await served?.text())?.includes(`"${path}":`) ?? false;
  // Taken from the page, the request never goes out: its wait ends with the page, unawaited.
  if (embedded) requested.catch(() => undefined);
  else await requested;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
}

/** A second user, in a browser of their own, made a member with `role`, on the dashboard. */
export async function memberOf(browser: Browser, podcastId: number, role: Role) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await verifiedUser(page);
  const userId = await currentUserId(page);
  addMembership(podcastId, userId, role);
  await openDashboard(page, podcastId);
  return { page, context, userId };
}
