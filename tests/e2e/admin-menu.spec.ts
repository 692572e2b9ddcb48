// An admin made with the admin command sees 'Administration' in the profile menu (§6).
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';

test('an admin sees Administration, which opens /nova in a new tab', async ({ page }) => {
  const { email } = await verifiedUser(page);
  execFileSync(process.execPath, ['dist/server/cli.js', 'set-role', email, 'admin'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
  await page.reload();
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  const administration = page.getByRole('menuitem', { name: 'Administration' });
  await expect(administration).toHaveAttribute('href', '/nova');
  await expect(administration).toHaveAttribute('target', '_blank');
});
