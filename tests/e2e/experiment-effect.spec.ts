// 'Wirkung' on a phone: an experiment with an evaluation at its start shows what is
// still missing; after its end (the server's clock moved) and a final evaluation it shows before →
// after per metric and what that did for the goals, and 'Was hat gewirkt?' lists it. The clock
// hook exists only because the E2E server runs with KOMPASS_TEST_CLOCK=1.
import { expect, test, type Page } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { metric } from '../../src/shared/vocabulary.ts';
import { apiWrite, verifiedUser, xsrfHeaders } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

async function setServerClock(page: Page, now: Date) {
  const response = await page.request.post('/api/test/clock', {
    headers: await xsrfHeaders(page),
    data: { now: now.toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an experiment with evaluations before and after shows its effect', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Wirkungsvoll');
  const base = `/api/podcasts/${podcast.id}`;
  await apiWrite(page, 'PUT', `${base}/objective`, {
    ...Object.fromEntries(metric.keys.map((k) => [k, 'none'])),
    coverage: 'high',
    interaction: 'low',
  });
  const today = berlinDate(new Date());
  const experiment = (await apiWrite(page, 'POST', `${base}/experiments`, {
    practice_id: 1,
    starts_at: today,
    ends_at: addDays(today, 4),
  })) as { id: number; title: string };
  await apiWrite(page, 'POST', `${base}/metrics`, {
    coverage: 200,
    interaction: 40,
    experiment_id: experiment.id,
    evaluation: 'interim',
  });

  try {
    // Before the end: what is missing, never a number.
    await page.goto(`/app/experiments/${experiment.id}`);
    const effect = page.getByRole('region', { name: 'Wirkung' });
    await expect(effect).toContainText('Für eine Wirkung fehlt eine Auswertung nach dem Ende.');
    await expect(effect.getByRole('table')).toHaveCount(0);

    await setServerClock(page, new Date(`${addDays(today, 6)}T12:00:00Z`));
    await apiWrite(page, 'POST', `${base}/metrics`, {
      coverage: 260,
      interaction: 30,
      experiment_id: experiment.id,
      evaluation: 'final',
    });
    await page.reload();
    await expect(effect).toContainText('Das Experiment hat deine Ziele vorangebracht.');
    const table = effect.getByRole('table', { name: 'Kennzahlen vor dem Start und nach dem Ende' });
    await expect(table.getByRole('row', { name: /Reichweite/ })).toContainText(/200 → 260.*\+60 \(\+30\s%\)/);
    await expect(table.getByRole('row', { name: /Interaktion/ })).toContainText(
      /40 → 30.*[−-]10 \([−-]25\s%\)/,
    );
    // Each side says its day: the interim evaluation on the first day, the final one after the end.
    const short = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;
    await expect(table.getByRole('row', { name: /Reichweite/ })).toContainText(
      `${short(today)} → ${short(addDays(today, 6))}`,
    );
    await expectAccessible(page, 'experiments.show with its effect');

    await page.goto('/app/experiments/list');
    const worked = page.getByRole('region', { name: 'Was hat gewirkt?' });
    await expect(worked.getByRole('link', { name: experiment.title })).toBeVisible();
    await expect(worked).toContainText('Das Experiment hat deine Ziele vorangebracht.');
    await expectAccessible(page, 'experiments.list with what worked');
  } finally {
    await setServerClock(page, new Date());
  }
});
