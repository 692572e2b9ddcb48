// The dashboard (podcast.show) on a phone: the setup checklist, goals, strategy, the trial, the
// launch gift, the team and the episodes, and what a role without write rights does not see.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Role } from '../../src/shared/roles.ts';
import { apiWrite, currentUserId, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import {
  addMembership,
  createPodcastDaysAgo,
  insertEpisodes,
  setMembershipRole,
} from './support/database.ts';

const TILES = [
  'Ziele festlegen',
  'Empfehlungen personalisieren',
  'Strategie entwickeln',
  'Erfolgskriterien erfassen',
  'Meilensteine setzen',
  'Coworker*innen einladen',
];

const widget = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/**
 * Opens the dashboard and waits until the widgets that load their own data have answered: the
 * podcast's settings (the gift shows only once they are known) come embedded in the page
 * (boot-data.ts screenCalls) or, where the page no longer takes its copy, as a request. Waiting
 * for the request alone hung when the page's copy was taken (stress run h1).
 */
async function openDashboard(page: Page, podcastId: number) {
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

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use(PHONE);

/** A second user, in a browser of their own, made a member with `role`, on the dashboard. */
async function memberOf(browser: Browser, podcastId: number, role: Role) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await verifiedUser(page);
  const userId = await currentUserId(page);
  addMembership(podcastId, userId, role);
  await openDashboard(page, podcastId);
  return { page, context, userId };
}

test('a new podcast: checklist, goals, strategy, trial, gift; closing gift and checklist lasts', async ({
  page,
}) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Zeitreise');
  await openDashboard(page, podcast.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Zeitreise' })).toBeVisible();

  // The checklist: six tiles, none done, each leading to its edit screen.
  const checklist = widget(page, 'Vollständige Einrichtung');
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  await expect(checklist.getByText('0 von 6 Schritten erledigt.', { exact: false })).toBeVisible();
  for (const tile of TILES) {
    await expect(
      checklist.getByRole('link', { name: new RegExp(`^${tile.replace('*', '\\*')} `) }),
    ).toBeVisible();
  }
  await expect(checklist.getByRole('link', { name: /^Ziele festlegen/ })).toHaveAttribute(
    'href',
    '/app/podcast/edit/objective',
  );
  await expect(checklist.getByRole('link', { name: /\(erledigt\)/ })).toHaveCount(0);

  // The trial: a new podcast has all 30 days ahead.
  const trial = widget(page, 'Studio Pro testen');
  await expect(trial).toContainText('Noch 30 Tage im Studio Pro.');
  const bar = trial.getByRole('progressbar', { name: 'Testphase' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(bar).toHaveAttribute('aria-valuetext', '0 von 30 Tagen vergangen');
  await expect(trial.getByRole('link', { name: 'Studio Pro behalten' })).toHaveAttribute(
    'href',
    `/app/podcasts/${podcast.id}/conversion`,
  );
  // Active during the trial: no subscribe widget.
  await expect(widget(page, 'Kompass-KI aktivieren')).toHaveCount(0);

  // Goals and strategy not set yet: the prompt, and each section's question.
  const goals = widget(page, 'Podcast-Ziele');
  await expect(goals).toContainText('Du hast noch keine Ziele festgelegt.');
  await expect(goals.getByRole('link', { name: 'Podcast-Ziele bearbeiten' })).toHaveAttribute(
    'href',
    '/app/podcast/edit/objective',
  );
  const strategy = widget(page, 'Podcast-Strategie');
  const sections = [
    'Thematik',
    'Audience',
    'USP',
    'Rückenwind',
    'Transformation',
    'Empfehlbarkeit',
    'Aufwände',
  ];
  for (const name of sections) await expect(strategy.getByRole('button', { name })).toBeVisible();
  await strategy.getByRole('button', { name: 'Thematik' }).click();
  await expect(strategy.getByRole('button', { name: 'Thematik' })).toHaveAttribute('aria-expanded', 'true');
  await expect(strategy).toContainText('Worum geht es in deinem Podcast, und welche Themen behandelst du?');

  // The team: the owner alone so far, with the invite button.
  const team = widget(page, 'Coworker*innen (1)');
  await expect(team.getByRole('link', { name: 'Coworker*innen einladen' })).toHaveAttribute(
    'href',
    `/app/podcasts/${podcast.id}/invite`,
  );

  // No episodes yet.
  const episodes = widget(page, 'Episoden (0)');
  await expect(episodes.getByText('Keine Ergebnisse')).toBeVisible();

  await expectAccessible(page, 'the dashboard of a new podcast');

  // Goals and a strategy answer set (through the API, as podcast.edit will): the tile is done,
  // the goals show as stars, the answer replaces the question.
  await apiWrite(page, 'PUT', `/api/podcasts/${podcast.id}/objective`, {
    coverage: 'high',
    throughput: 'medium',
    reputation: 'low',
    interaction: 'none',
    monetization: 'medium',
    expertise: 'high',
    referability: 'low',
    enjoyment: 'high',
  });
  await apiWrite(page, 'PUT', `/api/podcasts/${podcast.id}/strategy`, {
    subject: 'Geschichte zum Anfassen: jede Folge ein Ort, ein Jahr.',
  });
  await openDashboard(page, podcast.id);
  await expect(checklist.getByRole('link', { name: /^Ziele festlegen \(erledigt\)/ })).toBeVisible();
  await expect(checklist.getByRole('link', { name: /^Strategie entwickeln \(erledigt\)/ })).toBeVisible();
  await expect(checklist.getByRole('link', { name: /\(erledigt\)/ })).toHaveCount(2);
  await expect(checklist.getByText('2 von 6 Schritten erledigt.', { exact: false })).toBeVisible();
  for (const [label, stars] of [
    ['Reichweite', 3],
    ['Durchhörrate', 2],
    ['Bekanntheit', 1],
    ['Interaktion', 0],
    ['Spaß an der Umsetzung', 3],
  ] as const) {
    const row = goals.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(row.getByRole('img')).toHaveAccessibleName(`${stars} von 3 Sternen`);
  }
  await strategy.getByRole('button', { name: 'Thematik' }).click();
  await expect(strategy).toContainText('Geschichte zum Anfassen: jede Folge ein Ort, ein Jahr.');
  await strategy.getByRole('button', { name: 'Audience' }).click();
  await expect(strategy).toContainText('Wer soll deinen Podcast hören?');
  await expectAccessible(page, 'the dashboard with goals and an open strategy');

  // The launch gift closes for good.
  const gift = widget(page, 'Dein Startgeschenk');
  await expect(gift).toContainText('im Wert von 99 Euro');
  await gift.getByRole('button', { name: 'Startgeschenk schließen' }).click();
  await expect(gift).toHaveCount(0);
  await openDashboard(page, podcast.id);
  await expect(goals).toBeVisible();
  await expect(gift).toHaveCount(0);

  // So does the checklist: closing it completes the setup.
  await checklist.getByRole('button', { name: 'Vollständige Einrichtung schließen' }).click();
  await expect(checklist).toHaveCount(0);
  await openDashboard(page, podcast.id);
  await expect(goals).toBeVisible();
  await expect(checklist).toHaveCount(0);
});

test('episodes page by page, each opening in a new tab', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Folgenreich');
  insertEpisodes(podcast.id, 20);
  await openDashboard(page, podcast.id);

  const episodes = widget(page, 'Episoden (20)');
  const pages = episodes.getByRole('navigation', { name: 'Seiten der Episoden' });
  await expect(pages).toContainText('Zeige 1 bis 15 von 20 Ergebnissen');
  const links = episodes.getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(15);
  // Newest first, with its date.
  const newest = links.first();
  await expect(newest).toContainText('Folge 20');
  await expect(newest).toContainText('1. Juni 2025');
  await expect(newest).toHaveAttribute('href', 'https://zeitreise.example.org/folge-20');
  await expect(newest).toHaveAttribute('target', '_blank');
  await expect(newest).toHaveAttribute('rel', 'noopener noreferrer');

  const back = pages.getByRole('button', { name: 'Zurück' });
  const forward = pages.getByRole('button', { name: 'Vorwärts' });
  await expect(back).toHaveAttribute('aria-disabled', 'true');
  await forward.click();
  await expect(pages).toContainText('Zeige 16 bis 20 von 20 Ergebnissen');
  await expect(links).toHaveCount(5);
  await expect(links.first()).toContainText('Folge 5');
  await expect(links.last()).toContainText('Folge 1');
  // The last page: Vorwärts is unavailable and keeps the focus.
  await expect(forward).toHaveAttribute('aria-disabled', 'true');
  await expect(forward).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pages).toContainText('Zeige 16 bis 20 von 20 Ergebnissen');
  await back.click();
  await expect(pages).toContainText('Zeige 1 bis 15 von 20 Ergebnissen');
  await expect(links.first()).toContainText('Folge 20');
  await expectAccessible(page, 'the dashboard with episodes');
});

test('an observer reads the dashboard without edit, close or invite buttons', async ({ page, browser }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Nur lesen');
  await apiWrite(page, 'PUT', `/api/podcasts/${podcast.id}`, {
    title: 'Nur lesen',
    category_id: podcast.category_id,
    rss_uri: 'https://feeds.example.org/a.xml',
  });
  await openDashboard(page, podcast.id);
  // The owner may refresh the feed.
  await expect(widget(page, /^Episoden/).getByRole('button', { name: 'Aktualisieren' })).toBeVisible();

  const { page: observer, context } = await memberOf(browser, podcast.id, 'observer');

  await expect(observer.getByRole('heading', { level: 1, name: 'Nur lesen' })).toBeVisible();
  await expect(observer.getByText('Deine Rolle: Beobachter*in')).toBeVisible();
  const checklist = widget(observer, 'Vollständige Einrichtung');
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  await expect(checklist.getByRole('link')).toHaveCount(0);
  await expect(observer.getByRole('button', { name: 'Vollständige Einrichtung schließen' })).toHaveCount(0);
  // No widget offers an edit link; the header's edit button shows for everyone (§6).
  await expect(observer.getByRole('link', { name: /bearbeiten$/ })).toHaveCount(1);
  await expect(observer.getByRole('link', { name: 'Podcast bearbeiten' })).toBeVisible();
  await expect(observer.getByRole('link', { name: 'Coworker*innen einladen' })).toHaveCount(0);
  await expect(observer.getByRole('button', { name: 'Aktualisieren' })).toHaveCount(0);
  await expect(observer.getByRole('button', { name: 'Startgeschenk schließen' })).toHaveCount(0);
  // Buying Pro is the owner's: the trial shows, its button does not.
  await expect(widget(observer, 'Studio Pro testen')).toContainText('Noch 30 Tage im Studio Pro.');
  await expect(observer.getByRole('link', { name: 'Studio Pro behalten' })).toHaveCount(0);
  // Reading still works: the strategy opens.
  await widget(observer, 'Podcast-Strategie').getByRole('button', { name: 'USP' }).click();
  await expect(widget(observer, 'Podcast-Strategie')).toContainText('Was unterscheidet deinen Podcast');
  await expectAccessible(observer, 'the dashboard of an observer');
  await context.close();
});

test('an editor edits but does not invite; a close the server refuses shows its message', async ({
  page,
  browser,
}) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Redaktion');

  const { page: editor, context, userId: editorId } = await memberOf(browser, podcast.id, 'editor');

  await expect(editor.getByText('Deine Rolle: Redakteur*in')).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Podcast-Ziele bearbeiten' })).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Podcast-Strategie bearbeiten' })).toBeVisible();
  // Inviting is for managers and the owner: no invite button, and that tile leads nowhere.
  await expect(editor.getByRole('link', { name: 'Coworker*innen einladen' })).toHaveCount(0);
  const checklist = widget(editor, 'Vollständige Einrichtung');
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  await expect(checklist.getByRole('link')).toHaveCount(5);

  // The owner makes the editor an observer while the dashboard is open: the server refuses the
  // closes, the widgets stay and say why.
  setMembershipRole(podcast.id, editorId, 'observer');
  await checklist.getByRole('button', { name: 'Vollständige Einrichtung schließen' }).click();
  await expect(checklist.getByRole('alert')).toHaveText('Das darf deine Rolle in diesem Podcast nicht.');
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  const gift = widget(editor, 'Dein Startgeschenk');
  await gift.getByRole('button', { name: 'Startgeschenk schließen' }).click();
  await expect(gift.getByRole('alert')).toHaveText('Das darf deine Rolle in diesem Podcast nicht.');
  await expectAccessible(editor, 'the dashboard with refused closes');
  await context.close();
});

test('the trial counts down, and after it the owner is offered Studio Pro', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Probezeit');

  createPodcastDaysAgo(podcast.id, 12);
  await openDashboard(page, podcast.id);
  const trial = widget(page, 'Studio Pro testen');
  await expect(trial).toContainText('Noch 18 Tage im Studio Pro.');
  const bar = trial.getByRole('progressbar', { name: 'Testphase' });
  await expect(bar).toHaveAttribute('aria-valuenow', '40');
  await expect(bar).toHaveAttribute('aria-valuetext', '12 von 30 Tagen vergangen');
  await expect(widget(page, 'Kompass-KI aktivieren')).toHaveCount(0);

  createPodcastDaysAgo(podcast.id, 40);
  await openDashboard(page, podcast.id);
  await expect(widget(page, 'Studio Pro testen')).toHaveCount(0);
  const subscribe = widget(page, 'Kompass-KI aktivieren');
  await expect(subscribe.getByRole('link', { name: 'Studio Pro ansehen' })).toHaveAttribute(
    'href',
    `/app/podcasts/${podcast.id}/conversion`,
  );
  await expectAccessible(page, 'the dashboard after the trial');
});
