// On a phone: a new podcast gets its first Kompass-KI tips (welcome, goals missing); they show in
// the assistant button in the tab bar, in assistances.list and account.assistances.list, and open as a
// detail. A Basic podcast gets the Studio Pro upsell and 'Kompass befragen' instead. Long lists (a
// podcast's, the account's) show their newest 100 and older ones on 'Ältere anzeigen', kept offline.
// Moves a podcast's creation date in the SQLite file, so it runs on SQLite only.
import { expect, test, type Page } from '@playwright/test';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { assistantButton, openAssistant } from './support/assistant.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastDaysAgo, insertOldTips } from './support/database.ts';
import { controlledByWorker, OFFLINE } from './support/offline.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

const GOALS = 'Lege deine Podcast-Ziele fest';

const WELCOME = 'Willkommen im Studio, Tippfunk!';

/** The links of tip „Alter Tipp {n}“ (support/database.ts insertOldTips): the name goes on with its date. */
const oldTip = (page: Page, n: number) =>
  page.getByRole('main').getByRole('link', { name: new RegExp(`^Alter Tipp ${n} `) });

test('tips appear in the assistant button and the lists, and open as a detail', async ({ page }) => {
  test.slow();
  await verifiedUser(page);
  await expect(page).toHaveURL(/\/app\//);
  const podcast = await createPodcastViaApi(page, 'Tippfunk');
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);

  await page.goto('/app/podcast');
  // Polled every 10 s: the tips made after the podcast's creation show up by themselves.
  await openAssistant(page, 'Kompass-KI: 2 Tipps');
  const popover = page.getByRole('dialog');
  await expect(popover.getByRole('heading', { name: 'Tipps von der Kompass-KI' })).toBeVisible();
  await expect(popover.getByRole('list', { name: 'Neueste Tipps' }).getByRole('link')).toHaveText([
    GOALS,
    WELCOME,
  ]);
  // A visible gap between the tips: the second's box starts at least 8 px below the first's end.
  const [first, second] = await popover.getByRole('list', { name: 'Neueste Tipps' }).getByRole('link').all();
  const [a, b] = [(await first!.boundingBox())!, (await second!.boundingBox())!];
  expect(b.y - (a.y + a.height)).toBeGreaterThanOrEqual(8);
  await expect(popover.getByRole('link', { name: 'Alle Tipps anzeigen' })).toBeVisible();
  await expect(popover.getByRole('button', { name: 'Feedback geben' })).toBeVisible();
  await expectAccessible(page, 'assistant button');

  await popover.getByRole('link', { name: GOALS }).click();
  await expect(page.getByRole('heading', { level: 1, name: GOALS })).toBeVisible();
  await expect(page.getByText('Für „Tippfunk“ sind noch keine Ziele gesetzt.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Podcast-Ziele festlegen' })).toHaveAttribute(
    'href',
    '/app/podcast/edit/objective',
  );
  await expectAccessible(page, 'assistances.show');

  await page.getByRole('main').getByRole('link', { name: 'Alle Tipps anzeigen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tipps von der Kompass-KI' })).toBeVisible();
  const list = page.getByRole('main').getByRole('listitem');
  await expect(list).toHaveCount(2);
  await expect(list.filter({ hasText: WELCOME })).toBeVisible();
  await expectAccessible(page, 'assistances.list');
  await list.filter({ hasText: WELCOME }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();

  await page.goto('/app/account/assistances');
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Tipps von der Kompass-KI' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Tippfunk' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Ältere anzeigen' })).toHaveCount(0);
  await expectAccessible(page, 'account.assistances.list');

  // 'Feedback geben' opens the help-centre feedback widget over the page.
  await openAssistant(page, 'Kompass-KI: 2 Tipps');
  await page.getByRole('dialog').getByRole('button', { name: 'Feedback geben' }).click();
  await expect(page.getByRole('dialog', { name: 'Feedback geben' })).toBeVisible();
});

test('a Basic podcast sees the Studio Pro upsell instead of tips', async ({ page }) => {
  await verifiedUser(page);
  await expect(page).toHaveURL(/\/app\//);
  const podcast = await createPodcastViaApi(page, 'Basisfunk');
  createPodcastDaysAgo(podcast.id, 31);
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);

  await page.goto('/app/assistances');
  await expect(page.getByRole('heading', { level: 1, name: 'Tipps von der Kompass-KI' })).toBeVisible();
  await expect(page.getByText('Tipps von der Kompass-KI gibt es in Studio Pro')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Kompass-KI aktivieren' })).toHaveAttribute(
    'href',
    `/app/podcasts/${podcast.id}/conversion`,
  );
  await expectAccessible(page, 'assistances.list (Basic)');

  await openAssistant(page, 'Kompass befragen');
  const popover = page.getByRole('dialog');
  await expect(popover.getByText('Die Kompass-KI gibt es für „Basisfunk“ in Studio Pro.')).toBeVisible();
  await expect(popover.getByRole('link', { name: 'Kompass-KI aktivieren' })).toBeVisible();
  await expect(popover.getByRole('link', { name: 'Alle Tipps anzeigen' })).toHaveCount(0);
  await expectAccessible(page, 'assistant button (Basic)');
});

test('a long tip list shows the newest 100, older ones on „Ältere anzeigen“', async ({ page, context }) => {
  test.slow();
  await verifiedUser(page);
  await expect(page).toHaveURL(/\/app\//);
  const podcast = await createPodcastViaApi(page, 'Vielfunk');
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);
  // The podcast's own two tips are the newest; below them 103 older ones.
  await page.goto('/app/podcast');
  await assistantButton(page, 'Kompass-KI: 2 Tipps');
  insertOldTips(podcast.id, 103);

  await page.goto('/app/assistances');
  const list = page.getByRole('main').getByRole('listitem');
  await expect(list).toHaveCount(100);
  await expect(list.last().getByRole('link')).toHaveAccessibleName(/^Alter Tipp 6 /);
  await expect(oldTip(page, 5)).toHaveCount(0);
  await page.getByRole('button', { name: 'Ältere anzeigen' }).click();
  await expect(list).toHaveCount(105);
  await expect(list.last().getByRole('link')).toHaveAccessibleName(/^Alter Tipp 1 /);
  await expect(page.getByRole('button', { name: 'Ältere anzeigen' })).toHaveCount(0);
  await expectAccessible(page, 'assistances.list with older tips');

  // The account's list holds both podcasts' 210 tips: 100, 100 and 10, the podcasts mixed by date.
  const second = await createPodcastViaApi(page, 'Zweitfunk');
  const tips = (id: number) => page.request.get(`/api/podcasts/${id}/assistances`).then((r) => r.json());
  // Its own two tips first, so none of them comes between the pages.
  await expect.poll(async () => ((await tips(second.id)) as { data: unknown[] }).data.length).toBe(2);
  insertOldTips(second.id, 103);
  await controlledByWorker(page);
  await page.goto('/app/account/assistances');
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Tipps von der Kompass-KI' })).toBeVisible();
  const older = page.getByRole('button', { name: 'Ältere anzeigen' });
  await expect(list).toHaveCount(100);
  await expect(oldTip(page, 56)).toHaveCount(2);
  await expect(oldTip(page, 55)).toHaveCount(0);
  await older.click();
  await expect(list).toHaveCount(200);
  await expect(oldTip(page, 6)).toHaveCount(2);
  await expect(oldTip(page, 5)).toHaveCount(0);
  await expect(list.filter({ hasText: 'Zweitfunk' })).toHaveCount(100);

  // Offline the loaded ones stay; more need the network, and the page says so.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Tipps von der Kompass-KI' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(list).toHaveCount(200);
  await expect(oldTip(page, 6)).toHaveCount(2);
  await expect(older).toBeDisabled();
  await expect(page.getByText('Ältere Einträge laden geht nur mit Internetverbindung.')).toBeVisible();
  await expectAccessible(page, 'account.assistances.list offline with older tips');

  await context.setOffline(false);
  await older.click();
  await expect(list).toHaveCount(210);
  await expect(oldTip(page, 1)).toHaveCount(2);
  await expect(list.last().getByRole('link')).toHaveAccessibleName(/^Alter Tipp 1 .* · Vielfunk$/);
  await expect(older).toHaveCount(0);
});
