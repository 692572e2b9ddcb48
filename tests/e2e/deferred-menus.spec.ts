// A tap on what is still loading is not lost. The header's menus load their code after the first
// screen (components/deferred.tsx); until then a placeholder button stands in, and a tap on it
// opens the menu once the code is there. The experiment form waits for its methods and keeps the
// dates typed meanwhile (last test).
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { createPodcastViaApi, podcastWithExperiment } from './support/podcasts.ts';

// The worker would fetch the chunk itself, past the page's route.
test.use({ serviceWorkers: 'block' });

test('the profile menu opens when tapped before its code has loaded', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/profile-menu-content-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await verifiedUser(page);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await expect.poll(() => asked).toBe(true);
  await expect(page.getByRole('menu')).toHaveCount(0);
  release();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});

// The code arriving between the finger's press and its release (stress run m1: a click on
// 'Profilmenü' while the menu swapped in opened nothing): the press counts, as on the menu itself.
test('the profile menu opens when its code arrives while the button is pressed', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/profile-menu-content-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await verifiedUser(page);
  const button = page.getByRole('button', { name: 'Profilmenü' });
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  // The menu's own trigger (radix marks it with its state) has replaced the placeholder.
  await expect(button).toHaveAttribute('data-state', /open|closed/);
  await page.mouse.up();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});

// The experiment's evaluation dialogs load after its first screen too (features/experiments/
// components/evaluation-dialog.tsx).
test('the evaluation dialog opens when its button is tapped before its code has loaded', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/evaluation-dialog-content-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Zeitreise');
  await page.goto(`/app/experiments/${experiment.id}`);
  await page.getByRole('button', { name: 'Zwischenauswertung' }).click();
  await expect.poll(() => asked).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(
    page.getByRole('dialog', { name: 'Wo stehst du mit deinen übergeordneten Podcast-Zielen?' }),
  ).toBeVisible();
});

// The form a method's link opens fills in the method and its dates from the methods list: a tap on
// 'Experiment starten' before that list has come waits for it, instead of sending a form that
// comes back with 'Bitte wähle eine Methode' (a quick tap on a slow phone).
test('the experiment form is sent only once its methods have come', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Frühstart');
  await page.route(/\/api\/podcasts\/\d+\/practices\?records=/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/experiments/create?practice_id=1');
  const start = page.getByRole('button', { name: 'Experiment starten' });
  await expect(start).toHaveAttribute('aria-busy', 'true');
  await expect(start).toBeDisabled();
  // Dates typed while the methods are still on their way stay when the method arrives.
  await page.getByLabel('Start', { exact: true }).fill('2031-03-03');
  await page.getByLabel('Ende', { exact: true }).fill('2031-03-30');
  release();
  await expect(start).toBeEnabled();
  await expect(page.getByLabel('Start', { exact: true })).toHaveValue('2031-03-03');
  await expect(page.getByLabel('Ende', { exact: true })).toHaveValue('2031-03-30');
  await start.click();
  await expect(page).toHaveURL(/\/app\/experiments\/\d+$/);
  await expect(page.getByText('Startet am 03.03.2031')).toBeVisible();
});
