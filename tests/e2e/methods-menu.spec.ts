// A method's page on a phone: the action menu (an admin also gets the edit link), and a method without steps has no Anleitung tab.
import { expect, test, type Page } from '@playwright/test';
import { apiWrite, setRole, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('the method action menu: an admin also gets the edit link to the admin panel', async ({ page }) => {
  const { email } = await verifiedUser(page);
  await createPodcastViaApi(page, 'Redaktionssache');
  await page.goto('/app/practices/1');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('button', { name: `Aktionen für ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Experiment starten' })).toHaveAttribute(
    'href',
    '/app/experiments/create?practice_id=1',
  );
  await expect(page.getByRole('menuitem', { name: 'Feedback geben' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Best Practice einreichen' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Methode bearbeiten' })).toHaveCount(0);

  await setRole(page, email, 'admin');
  await page.reload();
  await page.getByRole('button', { name: `Aktionen für ${title}` }).click();
  const edit = page.getByRole('menuitem', { name: 'Methode bearbeiten' });
  await expect(edit).toHaveAttribute('href', '/nova/practices/1');
  await expect(edit).toHaveAttribute('target', '_blank');
});

test('a method without steps: its Anleitung tab is disabled', async ({ page }) => {
  const { email } = await verifiedUser(page);
  await createPodcastViaApi(page, 'Archivpflege');
  // Every seeded method has steps: an editor takes those of method 11 away in the admin API for
  // the journey and gives them back after it (no other journey opens method 11).
  await setRole(page, email, 'editor');
  const {
    id: _id,
    edited_at: _e,
    all_keywords: _k,
    ...form
  } = (await (await page.request.get('/api/nova/practices/11')).json()).data as Record<string, unknown>;
  await apiWrite(page, 'PUT', '/api/nova/practices/11', { ...form, actions: [] });
  try {
    await expectNoSteps(page);
  } finally {
    await apiWrite(page, 'PUT', '/api/nova/practices/11', form);
  }
});

async function expectNoSteps(page: Page) {
  await page.goto('/app/practices/11');
  await expect(page).toHaveURL(/\/app\/practices\/11\/overview$/);
  const tabs = page.getByRole('navigation', { name: 'Bereiche der Methode' });
  for (const name of ['Beschreibung', 'Einordnung', 'Potential']) {
    await expect(tabs.getByRole('link', { name })).toBeVisible();
  }
  await expect(tabs.getByRole('link', { name: 'Anleitung' })).toHaveCount(0);
  await expect(tabs.getByText('Anleitung', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(/^Lade /)).toHaveCount(0);
  await expectAccessible(page, 'a method without steps');
}
