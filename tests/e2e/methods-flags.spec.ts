// A method on a phone: its tabs; bookmark, apply and reject it through the menu and the dashboard widgets follow; 'In Anwendung' from the list; a refused toggle reverts.
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import {
  cards,
  itemTitles,
  openDashboard,
  openList,
  toggle,
  trueCrimeShow,
  widget,
} from './support/methods.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('a method and its tabs; bookmark, apply, reject: the dashboard widgets follow', async ({ page }) => {
  await trueCrimeShow(page);

  // Open the first recommended method and its tabs.
  await openList(page);
  const first = cards(page).first();
  const title = (await first.getAttribute('aria-label'))!;
  await first.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/app\/practices\/\d+\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Warum diese Methode?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Teil dieser Sets' })).toBeVisible();
  await expect(widget(page, 'Passende Methoden').getByRole('link')).toHaveCount(3);
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  await expectAccessible(page, 'a method overview');

  const tabs = page.getByRole('navigation', { name: 'Bereiche der Methode' });
  await tabs.getByRole('link', { name: 'Beschreibung' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Beschreibung' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Einordnung' }).click();
  await expect(page.getByRole('heading', { name: 'Einordnung in Aufwände' })).toBeVisible();
  await expect(page.getByText('Zeiteinsatz')).toBeVisible();
  await tabs.getByRole('link', { name: 'Anleitung' }).click();
  await expect(page.getByRole('heading', { name: 'Anleitung' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Potential' }).click();
  await expect(page.getByRole('heading', { name: 'Bewertung nach Potenzial' })).toBeVisible();
  await expect(page.getByRole('img', { name: /von 3 Sternen/ })).toHaveCount(8);
  await expectAccessible(page, 'a method rating');
  await tabs.getByRole('link', { name: 'Experimente' }).click();
  await expect(page.getByRole('link', { name: 'Experiment starten' })).toHaveAttribute(
    'href',
    /\/app\/experiments\/create\?practice_id=\d+/,
  );

  // Bookmark it, then mark it applied: the tags follow at once.
  const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: title }) });
  await toggle(page, page, title, 'Merken');
  await expect(header.getByText('gemerkt', { exact: true })).toBeVisible();
  await toggle(page, page, title, 'In Anwendung');
  await expect(header.getByText('In Anwendung', { exact: true })).toBeVisible();

  // The dashboard: bookmarked, applied with today's date, and no longer recommended.
  await openDashboard(page);
  await expect(widget(page, 'Gemerkte Methoden')).toContainText(title);
  const applied = widget(page, 'Dauerhaft angewandt');
  await expect(applied).toContainText(title);
  await expect(applied).toContainText('Hinzugefügt am');
  const recommended = widget(page, 'Als Nächstes empfohlen').getByRole('list');
  await expect(recommended.getByRole('link')).toHaveCount(3);
  await expect(recommended).toContainText('%');
  expect(await itemTitles(recommended)).not.toContain(title);
  await expectAccessible(page, 'the dashboard with method widgets');

  // Reject the top recommendation: it leaves 'Als Nächstes empfohlen'.
  const [rejected] = await itemTitles(recommended);
  await recommended.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: rejected })).toBeVisible();
  await toggle(page, page, rejected!, 'Nicht empfehlen');
  await page.getByRole('button', { name: `Aktionen für ${rejected}` }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Nicht empfehlen' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');
  await openDashboard(page);
  const after = widget(page, 'Als Nächstes empfohlen').getByRole('list');
  await expect(after.getByRole('link')).toHaveCount(3);
  expect(await itemTitles(after)).not.toContain(rejected);
});

test("'In Anwendung' from the list keeps the card where it was until the list is left", async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Fingerweg');
  await openList(page);
  const second = cards(page).nth(1);
  const title = (await second.getAttribute('aria-label'))!;
  // The refetch after the write sorts it to the end of the list; on screen it stays put.
  const refetched = page.waitForResponse(
    (r) =>
      /\/api\/podcasts\/\d+\/practices$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET',
  );
  // A phone's slow CPU: the cards' background render of the optimistic answer is still running when
  // the refetch comes in and overtakes it (3 of 4 runs moved the card before the steady order
  // followed every answer).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
  await toggle(page, second, title, 'In Anwendung');
  const { data } = (await (await refetched).json()) as { data: { title: string }[] };
  // Once the refetched answer is on screen (its second method right after the pinned card):
  await expect(cards(page).nth(2)).toHaveAttribute('aria-label', data[1]!.title);
  await expect(cards(page).nth(1)).toHaveAttribute('aria-label', title);
  await expect(cards(page).nth(1).getByText('In Anwendung', { exact: true })).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await openList(page);
  await expect(cards(page).nth(1)).not.toHaveAttribute('aria-label', title);
});

test('a toggle the server refuses is put back', async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Wackelkontakt');
  await openList(page);
  const card = cards(page).first();
  const title = (await card.getAttribute('aria-label'))!;
  await page.route('**/api/podcasts/*/bookmarks', (route) =>
    route.fulfill({ status: 500, json: { message: 'Das hat nicht geklappt.' } }),
  );
  // The list cannot refetch either: what shows is the client's own putting back.
  await page.route('**/api/podcasts/*/practices?*', (route) => route.abort());
  await toggle(page, card, title, 'Merken');
  await expect(page.getByRole('alert').filter({ hasText: 'Das hat nicht geklappt.' })).toBeVisible();
  await expect(card.getByText('gemerkt', { exact: true })).toHaveCount(0);
});
