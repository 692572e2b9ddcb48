// The Studio Pro booking page holds still while its prices load (a layout shift
// of 0.11 on a phone when the monthly/annual toggle and the plans came in). CLS as Chromium counts
// it (layout-shift entries without recent input), from the navigation until the plans are shown.
import { expect, test, type Page } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { grantLifetime } from './support/database.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        w.__shifts.push(
          `${entry.value.toFixed(3)}: ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80)).join(' | ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('the conversion page shifts its layout by at most 0.02 while it loads', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Stiller Aufbau');
  await watchShifts(page);
  // Opened as a tapped link opens it: the app is there, the screen and its prices load.
  await page.goto('/app/dashboard');
  await page.evaluate(() => {
    (window as unknown as { __cls: number; __shifts: string[] }).__cls = 0;
    (window as unknown as { __cls: number; __shifts: string[] }).__shifts = [];
  });
  await page
    .getByRole('link', { name: /Noch \d+ Tage im Studio Pro/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/podcasts/${podcast.id}/conversion$`));
  await expect(page.getByRole('heading', { name: 'Studio Pro', exact: false }).first()).toBeVisible();
  await expect(
    page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Basic' }) }),
  ).toBeVisible();
  // Two frames more, so a shift of the last render is counted.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { cls, shifts } = await page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
  expect(cls, shifts.join('\n')).toBeLessThanOrEqual(0.02);

  // Opened directly (a reload): the same.
  await page.reload();
  await expect(
    page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Basic' }) }),
  ).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const reloaded = await page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
  expect(reloaded.cls, reloaded.shifts.join('\n')).toBeLessThanOrEqual(0.02);
});

test('with lifetime access, its note comes in without moving the toggle', async ({ page }) => {
  const { email } = await verifiedUser(page);
  grantLifetime(email);
  const podcast = await createPodcastViaApi(page, 'Lebenslang');
  await watchShifts(page);
  await page.goto(`/app/podcasts/${podcast.id}/conversion`);
  await expect(page.getByText('Du hast lebenslangen Zugang')).toBeVisible();
  await expect(
    page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Basic' }) }),
  ).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { cls, shifts } = await page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
  expect(cls, shifts.join('\n')).toBeLessThanOrEqual(0.02);
});
