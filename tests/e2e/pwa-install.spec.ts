// Installing the app: the landing and the profile menu offer the browser's prompt (not once installed), and explain Teilen → Zum Home-Bildschirm on iOS Safari.
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { offerInstall, promptCalls } from './support/install.ts';

test('the landing offers the install from the browser prompt, and not once installed', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lass deinen Podcast wachsen.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'App installieren' })).toHaveCount(0);

  await offerInstall(page, 'dismissed');
  const install = page.getByRole('button', { name: 'App installieren' });
  await expect(install).toBeVisible();
  await expectAccessible(page, 'landing with install');
  await install.click();
  expect(await promptCalls(page)).toBe(1);
  // The browser's prompt works once: the button goes until the browser offers it again.
  await expect(install).toHaveCount(0);

  await offerInstall(page);
  await expect(install).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveCount(0);
  await offerInstall(page);
  await expect(page.getByRole('heading', { name: 'Kompass Studio als App' })).toHaveCount(0);
});

test('the profile menu offers "App installieren" and opens the browser prompt', async ({ page }) => {
  await verifiedUser(page);
  await offerInstall(page);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await expect(page.getByRole('menuitem', { name: 'App installieren' })).toBeVisible();
  await expectAccessible(page, 'profile menu with install');
  await page.getByRole('menuitem', { name: 'App installieren' }).click();
  expect(await promptCalls(page)).toBe(1);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'App installieren' })).toHaveCount(0);
});

test.describe('on iOS Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/18.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  test('the landing and the profile menu explain Teilen → Zum Home-Bildschirm', async ({ page }) => {
    await page.goto('/');
    const panel = page.getByRole('region', { name: 'Kompass Studio als App' });
    await expect(panel).toContainText('Teilen → Zum Home-Bildschirm');
    await expect(panel.getByRole('button')).toHaveCount(0);
    await expectAccessible(page, 'landing on iOS');

    await verifiedUser(page);
    await page.getByRole('button', { name: 'Profilmenü' }).click();
    await page.getByRole('menuitem', { name: 'App installieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'App installieren' });
    await expect(dialog).toContainText('Teilen → Zum Home-Bildschirm');
    await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();
    await expectAccessible(page, 'iOS install steps');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

/** A running experiment of a new trial podcast, shown with its comment form. */
