// On a phone: a Pro (trial) podcast starts an experiment from a method, ticks a step, marks all
// done, comments, records an interim evaluation, sees it on the dashboard, then the server's clock
// moves past the end and the experiment is under 'Abgelaufene Experimente', with Kompass-KI's tip
// to evaluate it in the assistant button and the list. axe on every screen.
// The clock hook exists only because the E2E server runs with KOMPASS_TEST_CLOCK=1.
import { expect, test, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { apiWrite, verifiedUser, xsrfHeaders } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

/** Practice 1 of the seed: 'Shownotes mit Kapitelmarken', five action steps. */
const PRACTICE = { id: 1, title: 'Shownotes mit Kapitelmarken' };

async function setServerClock(page: Page, now: Date) {
  const response = await page.request.post('/api/test/clock', {
    headers: await xsrfHeaders(page),
    data: { now: now.toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an experiment from start to the expired list', async ({ page }) => {
  test.slow();
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Experimentierfeld');

  try {
    // The method's experiments tab: none yet, and the way to start one.
    await page.goto(`/app/practices/${PRACTICE.id}/experiments`);
    await expect(page.getByRole('heading', { name: 'Experimente mit dieser Methode' })).toBeVisible();
    await expect(page.getByText('Mit dieser Methode hast du noch kein Experiment gestartet.')).toBeVisible();
    await expectAccessible(page, 'practices.show.experiments');
    await page.getByRole('link', { name: 'Experiment starten' }).click();

    // experiments.create: the method chosen from the query, dates from the method.
    await expect(page.getByRole('heading', { level: 1, name: 'Neues Experiment starten' })).toBeVisible();
    await expect(page.getByLabel('Methode')).toHaveValue(String(PRACTICE.id));
    const today = berlinDate(new Date());
    await expect(page.getByLabel('Start')).toHaveValue(today);
    await expect(page.getByText('Ein Experiment startet heute oder später.')).toBeVisible();
    await expectAccessible(page, 'experiments.create');
    // An end before the start is refused under the field.
    await page.getByLabel('Ende').fill(addDays(today, -1));
    await page.getByRole('button', { name: 'Experiment starten' }).click();
    await expect(page.getByText('Das Enddatum muss nach dem Startdatum liegen.')).toBeVisible();
    await page.getByLabel('Ende').fill(addDays(today, 4));
    await page.getByRole('button', { name: 'Experiment starten' }).click();

    // experiments.show.
    await expect(page.getByRole('heading', { level: 1, name: PRACTICE.title })).toBeVisible();
    await expect(page.getByText('0 von 5 Aufgaben erledigt')).toBeVisible();
    await expect(page.getByText('5 Tage', { exact: true })).toBeVisible();
    await expectAccessible(page, 'experiments.show');

    const steps = page.getByRole('region', { name: 'Umsetzung' }).getByRole('checkbox');
    await steps.first().click();
    await expect(steps.first()).toBeChecked();
    await expect(page.getByText('1 von 5 Aufgaben erledigt')).toBeVisible();
    await page.getByRole('button', { name: 'Alles erledigt' }).click();
    await expect(page.getByText('5 von 5 Aufgaben erledigt')).toBeVisible();
    await expect(steps.nth(4)).toBeChecked();
    await expect(page.getByRole('button', { name: 'Alles erledigt' })).toBeDisabled();

    // Comments: an empty one is refused with the error style, markup stays text.
    const comments = page.getByRole('region', { name: 'Kommentare' });
    await comments.getByRole('button', { name: 'Kommentieren' }).click();
    await expect(comments.getByText('Bitte schreibe einen Kommentar.')).toBeVisible();
    await expect(comments.getByPlaceholder('Füge einen Kommentar hinzu...')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await comments.getByLabel('Kommentar').fill('Kapitelmarken <b>sitzen</b>');
    await comments.getByRole('button', { name: 'Kommentieren' }).click();
    await expect(comments.getByText('Kapitelmarken <b>sitzen</b>')).toBeVisible();

    // The interim evaluation.
    await page.getByRole('button', { name: 'Zwischenauswertung' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Wo stehst du mit deinen übergeordneten Podcast-Zielen?',
    });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'evaluation dialog');
    await dialog.getByLabel('Reichweite').fill('150');
    await dialog.getByLabel('Spaß an der Umsetzung').fill('80');
    await dialog.getByRole('button', { name: 'Jetzt erfassen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Deine Werte sind erfasst.' })).toBeVisible();

    // The timeline, newest first.
    const activity = page.getByRole('region', { name: 'Aktivitäten' }).getByRole('listitem');
    await expect(activity.first()).toContainText('Auswertung „Zwischenauswertung“ erstellt');
    await expect(activity.last()).toContainText(`Experiment „${PRACTICE.title}“ erstellt`);
    await expect(activity).toHaveCount(1 + 5 + 1);

    // Long lists: with 52 comments and 53 entries of activity the page shows the newest 50 of
    // each, newest first; 'Ältere anzeigen' adds the older ones below (the comment form
    // comes before the comments).
    const experimentId = Number(new URL(page.url()).pathname.split('/').at(-1));
    for (let n = 1; n <= 51; n++)
      await apiWrite(page, 'POST', `/api/experiments/${experimentId}/comments`, { content: `Notiz ${n}` });
    const shown = await page.request.get(`/api/experiments/${experimentId}`);
    const { actions } = ((await shown.json()) as { data: { actions: { id: number }[] } }).data;
    for (let n = 0; n < 46; n++)
      await apiWrite(page, 'POST', `/api/experiments/actions/${actions[0]!.id}`, { completed: n % 2 === 1 });
    await page.reload();
    const commentItems = comments.getByRole('listitem');
    await expect(commentItems).toHaveCount(50);
    await expect(commentItems.first()).toContainText('Notiz 51');
    await expect(comments.getByText('Kapitelmarken <b>sitzen</b>')).toHaveCount(0);
    await expect(activity).toHaveCount(50);
    await comments.getByRole('button', { name: 'Ältere anzeigen' }).click();
    await expect(commentItems).toHaveCount(52);
    await expect(commentItems.last()).toContainText('Kapitelmarken <b>sitzen</b>');
    await expect(comments.getByRole('button', { name: 'Ältere anzeigen' })).toHaveCount(0);
    // A new comment pushes the first page's oldest out of it: none goes missing in between.
    await comments.getByLabel('Kommentar').fill('Notiz 52');
    await comments.getByRole('button', { name: 'Kommentieren' }).click();
    await expect(commentItems).toHaveCount(53);
    await expect(commentItems.first()).toContainText('Notiz 52');
    await expect(commentItems.last()).toContainText('Kapitelmarken <b>sitzen</b>');
    await expect(comments.getByText('Notiz 1', { exact: true })).toBeVisible();
    const activityRegion = page.getByRole('region', { name: 'Aktivitäten' });
    await activityRegion.getByRole('button', { name: 'Ältere anzeigen' }).click();
    await expect(activity).toHaveCount(53);
    await expect(activity.last()).toContainText(`Experiment „${PRACTICE.title}“ erstellt`);
    await expect(activityRegion.getByRole('button', { name: 'Ältere anzeigen' })).toHaveCount(0);
    await expectAccessible(page, 'experiments.show with older comments and activity');

    // The dashboard's widget.
    await page.goto('/app/podcast');
    const widget = page.getByRole('region', { name: 'Laufende Experimente' });
    await expect(widget.getByRole('link', { name: PRACTICE.title })).toBeVisible();
    await expect(widget.getByText('noch 4 Tage')).toBeVisible();
    await expect(widget.getByRole('link', { name: 'Neues Experiment starten' })).toBeVisible();
    await expectAccessible(page, 'podcast.show with running experiments');

    // experiments.list: running.
    await page.goto('/app/experiments/list');
    const running = page.getByRole('region', { name: 'Laufende Experimente' });
    await expect(running.getByRole('link', { name: PRACTICE.title })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Abgelaufene Experimente' })
        .getByText('Noch ist kein Experiment abgelaufen.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Neues Experiment starten' })).toBeVisible();
    await expectAccessible(page, 'experiments.list');

    // Six days later (noon UTC, Berlin's afternoon) the experiment has ended.
    await setServerClock(page, new Date(`${addDays(today, 6)}T12:00:00Z`));
    await page.reload();
    const ended = page.getByRole('region', { name: 'Abgelaufene Experimente' });
    await expect(ended.getByRole('link', { name: PRACTICE.title })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Laufende Experimente' }).getByText('Gerade läuft kein Experiment.', {
        exact: false,
      }),
    ).toBeVisible();
    await expectAccessible(page, 'experiments.list with an expired experiment');

    // Its page now offers the final evaluation.
    await ended.getByRole('link', { name: PRACTICE.title }).click();
    await expect(page.getByText('Abgelaufen', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abschlussauswertung' })).toBeVisible();

    // Kompass-KI notices the unevaluated end (the periodic sweep, run now), in the assistant
    // button and in the list of tips.
    const jobs = await page.request.post('/api/test/jobs:run', { headers: await xsrfHeaders(page) });
    expect(jobs.status(), await jobs.text()).toBe(200);
    const tip = `Werte „${PRACTICE.title}“ aus`;
    await page.reload();
    await page.getByRole('button', { name: /^Kompass-KI: \d+ Tipps?$/ }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: tip })).toBeVisible();
    await page.goto('/app/assistances');
    await expect(page.getByRole('main').getByRole('link', { name: tip })).toHaveCount(1);
  } finally {
    await setServerClock(page, new Date());
  }
});
