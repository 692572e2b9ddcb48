// On a 390 px phone: the install button opens the browser prompt, an iPhone gets the Teilen → Zum Home-Bildschirm steps; axe finds no node on the method cards, a method and the touched screens.
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { expectNoAxeNodes, expectNoAxeNodesInPopups } from './support/axe.ts';
import { offerInstall, promptCalls } from './support/install.ts';
import { phone } from './support/phones.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use(phone);

test('13: on the phone the install button opens the browser prompt', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lass deinen Podcast wachsen.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'App installieren' })).toHaveCount(0);
  await offerInstall(page);
  await page.getByRole('button', { name: 'App installieren' }).click();
  expect(await promptCalls(page)).toBe(1);

  await verifiedUser(page);
  await offerInstall(page);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'App installieren' }).click();
  expect(await promptCalls(page)).toBe(1);
});

test.describe('13: on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/18.5 Mobile/15E148 Safari/604.1',
  });

  test('the install steps say Teilen → Zum Home-Bildschirm', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Kompass Studio als App' })).toContainText(
      'Teilen → Zum Home-Bildschirm',
    );
    await verifiedUser(page);
    await page.getByRole('button', { name: 'Profilmenü' }).click();
    await page.getByRole('menuitem', { name: 'App installieren' }).click();
    await expect(page.getByRole('dialog', { name: 'App installieren' })).toContainText(
      'Teilen → Zum Home-Bildschirm',
    );
  });
});

test('axe: no node at all on the method cards, a method and the touched screens', async ({ page }) => {
  test.slow();
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Barrierefrei');
  for (const path of [
    '/app/podcast',
    '/app/practices/list',
    '/app/practices/1/overview',
    '/app/practices/1/rating',
    '/app/podcast/edit/contract',
    '/app/podcast/edit/metrics',
    '/app/settings/contract',
    `/app/podcasts/${podcast.id}/invite`,
    `/app/podcasts/${podcast.id}/conversion`,
    '/app/podcast/coworkers',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
    await expectNoAxeNodes(page, path);
  }
  // The popups open: the profile menu, the podcast selector, a method's action menu (on the list
  // and on the method) and the Kompass-KI's tips.
  const assistant = page.locator('[data-assistant-button]');
  await page.goto('/app/practices/list');
  await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
  await expectNoAxeNodesInPopups(page, 'the method list', [
    page.getByRole('button', { name: 'Profilmenü' }),
    page.getByRole('button', { name: 'Podcast wechseln: Barrierefrei' }),
    page.getByRole('button', { name: /^Aktionen für / }).first(),
  ]);
  await page.goto('/app/practices/1/overview');
  await expect(page.getByText(/^Lade .*(\.\.\.|…)$/)).toHaveCount(0);
  await expect(assistant).toBeVisible();
  await expectNoAxeNodesInPopups(page, 'a method', [
    assistant,
    page.getByRole('button', { name: /^Aktionen für / }).first(),
  ]);
});
