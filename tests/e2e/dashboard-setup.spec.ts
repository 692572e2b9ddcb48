// The dashboard (podcast.show) of a new podcast on a phone: the setup checklist, goals, strategy, the trial and its end, the launch gift.
import { expect, test } from '@playwright/test';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { openDashboard, widget } from './support/dashboard.ts';
import { phone } from './support/phones.ts';
import { createPodcastDaysAgo } from './support/database.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use(phone);

const TILES = [
  'Ziele festlegen',
  'Empfehlungen personalisieren',
  'Strategie entwickeln',
  'Erfolgskriterien erfassen',
  'Meilensteine setzen',
  'Coworker*innen einladen',
];

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
