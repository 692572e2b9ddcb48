// Changelog and roadmap are public pages (§1): the footer leads there without a login. Inside the
// app they show in the app frame: accessibility.spec.ts ('settings and the app frame') checks that.
import { expect, test } from '@playwright/test';

test('a visitor opens the changelog from the footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Fußzeile' }).getByRole('link', { name: 'Changelog' }).click();
  await expect(page).toHaveURL(/\/changelog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog & Roadmap' })).toBeVisible();
  const roadmap = page.getByRole('region', { name: 'Roadmap: Was als Nächstes kommt' });
  await expect(
    roadmap.getByRole('heading', { name: 'Podcasts anlegen und per RSS importieren' }),
  ).toBeVisible();
  const changelog = page.getByRole('region', { name: 'Changelog: Was ist neu' });
  await expect(changelog.getByRole('heading', { name: 'Die Methodensammlung ist da' })).toBeVisible();
  await expect(changelog.getByText('Version 0.1.0 vom 22. November 2026').first()).toBeVisible();
});
