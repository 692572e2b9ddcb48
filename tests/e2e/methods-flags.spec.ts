// The methods on a phone: browse 'Lass dich inspirieren', filter and order it (kept in the URL),
// open a method and its tabs, bookmark it, mark it applied, reject another, and see the dashboard
// widgets follow; a failed toggle reverts; a Basic podcast gets no percentages and no
// 'Empfohlen' order; the sets and the launch gift's way to the first edition.
import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { apiWrite, setRole, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastDaysAgo } from './support/database.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const EMPTY = 'Für diese Auswahl gibt es keine Methoden. Probiere andere Filter aus.';

const cards = (page: Page) => page.getByRole('article');
const widget = (page: Page, name: string) => page.getByRole('region', { name });

/** The podcast's trial ended 40 days ago: Basic. On PostgreSQL through psql, else the SQLite file. */
function makeBasic(podcastId: number) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return createPodcastDaysAgo(podcastId, 40);
  const created = `${addDays(berlinDate(new Date()), -40)}T12:00:00.000Z`;
  execFileSync('psql', [url, '-qc', `UPDATE podcasts SET created_at = '${created}' WHERE id = ${podcastId}`]);
}

/** Opens the list and waits for its first page. */
async function openList(page: Page, query = '') {
  await page.goto(`/app/practices${query ? `/list?${query}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lass dich inspirieren' })).toBeVisible();
  await expect(page.getByText('Lade Methoden...')).toHaveCount(0);
}

async function openDashboard(page: Page) {
  await page.goto('/app/podcast');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
}

/**
 * Chooses a flag in the method action menu of the page or of a card, and waits for the server's
 * answer: the tag shows at once (optimistic), and a `goto` right after it would cancel the write
 * still on its way (a stress run's PostgreSQL pass: the rejected method stayed recommended).
 */
async function toggle(page: Page, scope: Page | Locator, title: string, item: string) {
  await scope.getByRole('button', { name: `Aktionen für ${title}` }).click();
  const written = page.waitForResponse(
    (r) =>
      /\/api\/podcasts\/\d+\/(bookmarks|applications|rejections)$/.test(new URL(r.url()).pathname) &&
      r.request().method() !== 'GET',
  );
  await page.getByRole('menuitemcheckbox', { name: item }).click();
  await written;
}

const itemTitles = async (list: Locator) =>
  (await list.getByRole('link').allTextContents()).map((t) => t.replace(/(Kompass )?\d+ %.*$/, '').trim());

/** A new true-crime show that wants reach. */
async function trueCrimeShow(page: Page) {
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
  await toggle(page, second, title, 'In Anwendung');
  await refetched;
  await expect(cards(page).nth(1)).toHaveAttribute('aria-label', title);
  await expect(cards(page).nth(1).getByText('In Anwendung', { exact: true })).toBeVisible();
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

test('the sets: the list, a set with its methods, and the launch gift leads to the first edition', async ({
  page,
}) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Sammlerstücke');

  await openDashboard(page);
  await widget(page, 'Dein Startgeschenk').getByRole('link', { name: 'Zum Startgeschenk' }).click();
  await expect(page).toHaveURL(/\/app\/compilations\/\d+$/);
  await expect(page.getByText('Edition ·')).toBeVisible();
  const methods = page.getByRole('list', { name: /^Methoden in / });
  await expect(methods.getByRole('link')).not.toHaveCount(0);
  await expectAccessible(page, 'a set');

  await page.getByRole('link', { name: 'Alle Sets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sets' })).toBeVisible();
  await expect(page.getByText('Lade Sets...')).toHaveCount(0);
  await expect(page.getByRole('link').filter({ hasText: 'Playbook' }).first()).toBeVisible();
  await expectAccessible(page, 'the sets');

  // A method of the set names its sets under 'Teil dieser Sets'.
  await page.goBack();
  await methods.getByRole('link').first().click();
  const sets = widget(page, 'Teil dieser Sets');
  await expect(sets.getByRole('link').first()).toBeVisible();
  expect(await sets.getByRole('link').count()).toBeLessThanOrEqual(3);
});

test('the method action menu: an admin also gets the edit link to the admin panel', async ({ page }) => {
  const { email } = await verifiedUser(page);
  await createPodcastViaApi(page, 'Redaktionssache');
  await page.goto('/app/practices/1');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('button', { name: `Aktionen für ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Experiment starten' })).toHaveAttribute(
    'href',
    '/app/experiments/create?practice_id=1',
  );
  await expect(page.getByRole('menuitem', { name: 'Feedback geben' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Best Practice einreichen' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Methode bearbeiten' })).toHaveCount(0);

  await setRole(page, email, 'admin');
  await page.reload();
  await page.getByRole('button', { name: `Aktionen für ${title}` }).click();
  const edit = page.getByRole('menuitem', { name: 'Methode bearbeiten' });
  await expect(edit).toHaveAttribute('href', '/nova/practices/1');
  await expect(edit).toHaveAttribute('target', '_blank');
});

test('a method without steps: its Anleitung tab is disabled', async ({ page }) => {
  const { email } = await verifiedUser(page);
  await createPodcastViaApi(page, 'Archivpflege');
  // Every seeded method has steps: an editor takes those of method 11 away in the admin API for
  // the journey and gives them back after it (no other journey opens method 11).
  await setRole(page, email, 'editor');
  const {
    id: _id,
    edited_at: _e,
    all_keywords: _k,
    ...form
  } = (await (await page.request.get('/api/nova/practices/11')).json()).data as Record<string, unknown>;
  await apiWrite(page, 'PUT', '/api/nova/practices/11', { ...form, actions: [] });
  try {
    await expectNoSteps(page);
  } finally {
    await apiWrite(page, 'PUT', '/api/nova/practices/11', form);
  }
});

async function expectNoSteps(page: Page) {
  await page.goto('/app/practices/11');
  await expect(page).toHaveURL(/\/app\/practices\/11\/overview$/);
  const tabs = page.getByRole('navigation', { name: 'Bereiche der Methode' });
  for (const name of ['Beschreibung', 'Einordnung', 'Potential']) {
    await expect(tabs.getByRole('link', { name })).toBeVisible();
  }
  await expect(tabs.getByRole('link', { name: 'Anleitung' })).toHaveCount(0);
  await expect(tabs.getByText('Anleitung', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  await expectAccessible(page, 'a method without steps');
}
