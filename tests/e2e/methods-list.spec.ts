// The methods list on a phone: order, filters kept in the URL, more pages, keywords, the empty text; a Basic podcast gets no percentages and no 'Empfohlen' order.
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import {
  cards,
  EMPTY,
  makeBasic,
  openDashboard,
  openList,
  trueCrimeShow,
  widget,
} from './support/methods.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('browse the methods: order, filters in the URL, more pages, keywords, the empty text', async ({
  page,
}) => {
  await trueCrimeShow(page);

  // The list: /app/practices leads to it, ordered 'Empfohlen' by default (the trial is Pro).
  await openList(page);
  await expect(page).toHaveURL(/\/app\/practices\/list$/);
  const order = page.getByLabel('Sortierung');
  await expect(order).toHaveValue('advice');
  await expect(order.getByRole('option')).toHaveText([
    'Empfohlen',
    'Neueste zuerst',
    'Geldeinsatz',
    'Zeiteinsatz',
  ]);
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first()).toContainText('%');
  await page.screenshot({ path: 'test-results/methods-list.png', fullPage: true });
  await expect(page.getByLabel('Zeiteinsatz')).toBeDisabled();
  await expect(page.getByLabel('Geldeinsatz')).toBeDisabled();
  await expectAccessible(page, 'the method list');

  // 'Mehr Methoden anzeigen' appends the next page.
  await page.getByRole('button', { name: 'Mehr Methoden anzeigen' }).click();
  await expect(cards(page)).toHaveCount(24);

  // Order and filters go into the URL and survive a reload.
  await page.getByText('Filter', { exact: true }).click();
  await order.selectOption({ label: 'Neueste zuerst' });
  await expect(page).toHaveURL(/order=latest/);
  await expect(cards(page)).toHaveCount(12);
  await page.getByLabel('Relevanz').selectOption({ label: 'Unverzichtbar' });
  await expect(page).toHaveURL(/relevance=essential/);
  await page.reload();
  await expect(page.getByLabel('Sortierung')).toHaveValue('latest');
  await expect(page.getByLabel('Relevanz')).toHaveValue('essential');
  await expect(page.getByText('Lade Methoden...')).toHaveCount(0);
  const essentialCount = await cards(page).count();
  expect(essentialCount).toBeGreaterThan(0);

  // Nothing is bookmarked yet: the empty text.
  await page.getByLabel('Status').selectOption({ label: 'Gemerkt' });
  await expect(page).toHaveURL(/status=bookmarked/);
  await expect(page.getByText(EMPTY)).toBeVisible();
  // On the phone the open filters fill the screen: their count stays in view, and a reset.
  await expect(page.getByText('Keine passende Methode', { exact: true })).toBeInViewport();
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page).toHaveURL(/order=latest/);
  await expect(page).not.toHaveURL(/status=|relevance=/);
  await expect(page.getByLabel('Relevanz')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Filter zurücksetzen' })).toHaveCount(0);

  // Keywords: any of the chosen ones matches.
  await openList(page);
  await page.getByText('Filter', { exact: true }).click();
  await page.getByText('Schlagworte', { exact: true }).click();
  const keywords = page.getByRole('group', { name: 'Schlagworte' });
  // The chips fold after the first dozen.
  await expect(keywords.getByRole('checkbox')).toHaveCount(12);
  await expect(keywords.getByRole('button', { name: /^Alle \d+ Schlagworte zeigen$/ })).toBeVisible();
  await keywords.locator('label').first().click();
  await expect(keywords.getByRole('checkbox').first()).toBeChecked();
  await expect(page).toHaveURL(/keywords=/);
  await expect(page.getByText('Lade Methoden...')).toHaveCount(0);
  await expect(page.getByText(/^\d+ passende Methoden?$/)).toBeInViewport();
  await page.getByRole('button', { name: 'Ergebnisse anzeigen' }).click();
  await expect(cards(page).first()).toBeInViewport();
});

test('a Basic podcast: no percentages, no Empfohlen order, Kompass befragen leads to Pro', async ({
  page,
}) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Nach der Probezeit');
  makeBasic(podcast.id);

  await openList(page, 'order=advice');
  const order = page.getByLabel('Sortierung');
  await expect(order).toHaveValue('effort');
  await expect(order.getByRole('option')).toHaveText(['Neueste zuerst', 'Geldeinsatz', 'Zeiteinsatz']);
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByRole('main')).not.toContainText('%');
  await expect(page.getByRole('main')).not.toContainText('Warum diese Methode?');
  await expect(page.getByRole('link', { name: 'Kompass befragen' })).toHaveAttribute(
    'href',
    `/app/podcasts/${podcast.id}/conversion`,
  );
  await expectAccessible(page, 'the method list of a Basic podcast');

  await openDashboard(page);
  const recommended = widget(page, 'Als Nächstes empfohlen');
  await expect(recommended).not.toContainText('%');
  await recommended.getByRole('link', { name: 'Kompass befragen' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/podcasts/${podcast.id}/conversion$`));
});
