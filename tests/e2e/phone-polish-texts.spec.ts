// On a 390 px phone, each check failing when the defect comes back: one plan name everywhere, German chart date ticks, a long e-mail address breaking at the @.
import { expect, test } from '@playwright/test';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { phone } from './support/phones.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use(phone);

test('3 and 12: one plan name everywhere, the trial a compact link in the navigation', async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Planklar');
  const plan = 'Studio Pro (Testphase), noch 30 Tage';
  await page.goto('/app/podcast/edit/contract');
  await expect(page.locator('dl').filter({ hasText: 'Aktueller Plan' }).locator('dd')).toHaveText(plan);
  await page.goto('/app/settings/contract');
  await expect(page.locator('dl').filter({ hasText: 'Aktueller Plan' })).toContainText('„Planklar“');
  await expect(page.locator('dl').filter({ hasText: 'Aktueller Plan' }).locator('dd')).toHaveText(plan);
  // §2: the trial's days in the header, a link to the conversion page.
  const trial = page.getByRole('banner').getByRole('link', { name: 'Noch 30 Tage im Studio Pro' });
  await trial.click();
  await expect(page).toHaveURL(/\/app\/podcasts\/\d+\/conversion$/);
});

test('8: two metric entries on one day give German date ticks', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Kurvenreich');
  await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/metrics`, { coverage: 100 });
  await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/metrics`, { coverage: 140 });
  await page.goto('/app/podcast/edit/metrics');
  const chart = page.getByTestId('metric-chart').first();
  await expect(chart).toHaveAttribute('data-x-ticks', /\S/);
  const ticks = (await chart.getAttribute('data-x-ticks'))!.split(' ');
  for (const tick of ticks) expect(tick).toMatch(/^\d{2}\.\d{2}\.$/);
  expect(new Set(ticks).size, ticks.join(' ')).toBe(ticks.length);
});

/** Runs in the page: where the text of `el` breaks into lines (character offsets). */
function lineBreaks(el: Element): number[] {
  const text = el.textContent ?? '';
  const breaks: number[] = [];
  let offset = 0;
  let lastTop: number | null = null;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < (node.textContent ?? '').length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      if (lastTop !== null && top > lastTop + 2) breaks.push(offset + i);
      lastTop = top;
    }
    offset += (node.textContent ?? '').length;
  }
  void text;
  return breaks;
}

test('9: a long e-mail address breaks at the @, never mid-word', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Lange Adressen');
  const email = `erika-redaktion-${Date.now().toString(36)}@example-podcastnetzwerk.org`;
  await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/invitations`, { email, type: 'editor' });
  await page.goto(`/app/podcasts/${podcast.id}/invite`);
  const address = page
    .getByRole('list', { name: 'Einladungen' })
    .locator('[data-email]')
    .filter({ hasText: email });
  await expect(address).toHaveText(email);
  expect(await address.evaluate(lineBreaks)).toEqual([email.indexOf('@')]);
});
