// A new app version: the update keeps the comment being typed and waits while one is still being sent.
import { expect, test, type Page } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { attemptMark } from './support/attempt.ts';
import { allowFor } from './support/budget.ts';
import { podcastWithExperiment } from './support/podcasts.ts';

async function openExperiment(page: Page) {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Update-Probe');
  await page.goto(`/app/experiments/${experiment.id}`);
  // The worker's install precaches the whole app (support/budget.ts).
  allowFor(60_000);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // controlled by the worker from here on
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page.getByRole('region', { name: 'Kommentare' });
}

/**
 * A new version of the worker gets ready and waits, as after a deploy: the test server answers
 * /sw.js with a line more for this browser context (`kompass-test-sw-version`,
 * src/server/test-hooks.ts), and the page checks for an update as the browser does by itself.
 */
async function publishNewVersion(page: Page) {
  // A second install of the whole app: its own time, also for the wait below (support/budget.ts).
  allowFor(60_000);
  await page
    .context()
    .addCookies([{ name: 'kompass-test-sw-version', value: attemptMark(), url: new URL(page.url()).origin }]);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect(page.getByText('Neue Version verfügbar')).toBeVisible({ timeout: 60_000 });
}

/** The page's worker registration has no new version installing or waiting. */
function pendingWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(registration?.installing ?? registration?.waiting);
  });
}

test('an update keeps the comment being typed', async ({ page }) => {
  const comments = await openExperiment(page);
  await comments.getByLabel('Kommentar').fill('Halb geschrieben: die Kapitelmarken');
  await publishNewVersion(page);
  await expectAccessible(page, 'update prompt');

  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Aktualisieren' }).click()]);
  await expect(page.getByText('Neue Version verfügbar')).toHaveCount(0);
  await expect.poll(() => pendingWorker(page)).toBe(false);
  await expect(comments.getByLabel('Kommentar')).toHaveValue('Halb geschrieben: die Kapitelmarken');
  // Nothing was sent on the way: the draft is still only a draft.
  await expect(comments.getByRole('listitem')).toHaveCount(0);
});

test('an update waits while a comment is still being sent', async ({ page }) => {
  const comments = await openExperiment(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/experiments/*/comments', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.fallback();
  });
  await comments.getByLabel('Kommentar').fill('Unterwegs zum Server');
  await comments.getByRole('button', { name: 'Kommentieren' }).click();
  await publishNewVersion(page);
  await expect(page.getByText('Eine Änderung wird noch gesendet, danach geht es.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Später' })).toBeEnabled();

  release();
  await expect(comments.getByText('Unterwegs zum Server')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeEnabled();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Aktualisieren' }).click()]);
  await expect(comments.getByText('Unterwegs zum Server')).toHaveCount(1);
});
