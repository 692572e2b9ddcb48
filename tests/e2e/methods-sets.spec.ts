// The method sets on a phone: the list, a set with its methods, and the launch gift's way to the first edition.
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { openDashboard, widget } from './support/methods.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('the sets: the list, a set with its methods, and the launch gift leads to the first edition', async ({
  page,
}) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Sammlerstücke');

  await openDashboard(page);
  await widget(page, 'Dein Startgeschenk').getByRole('link', { name: 'Zum Startgeschenk' }).click();
  await expect(page).toHaveURL(/\/app\/compilations\/\d+$/);
  await expect(page.getByText('Edition ·')).toBeVisible();
  const methods = page.getByRole('list', { name: /^Methoden in / });
  await expect(methods.getByRole('link')).not.toHaveCount(0);
  await expectAccessible(page, 'a set');

  await page.getByRole('link', { name: 'Alle Sets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sets' })).toBeVisible();
  await expect(page.getByText('Lade Sets...')).toHaveCount(0);
  await expect(page.getByRole('link').filter({ hasText: 'Playbook' }).first()).toBeVisible();
  await expectAccessible(page, 'the sets');

  // A method of the set names its sets under 'Teil dieser Sets'.
  await page.goBack();
  await methods.getByRole('link').first().click();
  const sets = widget(page, 'Teil dieser Sets');
  await expect(sets.getByRole('link').first()).toBeVisible();
  expect(await sets.getByRole('link').count()).toBeLessThanOrEqual(3);
});
