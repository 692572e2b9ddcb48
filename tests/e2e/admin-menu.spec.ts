// An admin made with the admin command sees 'Administration' in the profile menu (§6).
import { expect, test } from '@playwright/test';
import { setRole, verifiedUser } from './support/accounts.ts';

test('an admin sees Administration, which opens /nova in a new tab', async ({ page }) => {
  const { email } = await verifiedUser(page);
  await setRole(page, email, 'admin');
  await page.reload();
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  const administration = page.getByRole('menuitem', { name: 'Administration' });
  await expect(administration).toHaveAttribute('href', '/nova');
  await expect(administration).toHaveAttribute('target', '_blank');
});
