// The header's menus load their code after the first screen (components/deferred.tsx); until
// then a placeholder button stands in. A tap on it in that moment opens the menu once the code
// is there, instead of being lost.
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';

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
