// The dashboard's episodes on a phone: page by page, each opening in a new tab.
import { expect, test } from '@playwright/test';
import { verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { openDashboard, widget } from './support/dashboard.ts';
import { phone } from './support/phones.ts';
import { insertEpisodes } from './support/database.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use(phone);

test('episodes page by page, each opening in a new tab', async ({ page }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Folgenreich');
  insertEpisodes(podcast.id, 20);
  await openDashboard(page, podcast.id);

  const episodes = widget(page, 'Episoden (20)');
  const pages = episodes.getByRole('navigation', { name: 'Seiten der Episoden' });
  await expect(pages).toContainText('Zeige 1 bis 15 von 20 Ergebnissen');
  const links = episodes.getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(15);
  // Newest first, with its date.
  const newest = links.first();
  await expect(newest).toContainText('Folge 20');
  await expect(newest).toContainText('1. Juni 2025');
  await expect(newest).toHaveAttribute('href', 'https://zeitreise.example.org/folge-20');
  await expect(newest).toHaveAttribute('target', '_blank');
  await expect(newest).toHaveAttribute('rel', 'noopener noreferrer');

  const back = pages.getByRole('button', { name: 'Zurück' });
  const forward = pages.getByRole('button', { name: 'Vorwärts' });
  await expect(back).toHaveAttribute('aria-disabled', 'true');
  await forward.click();
  await expect(pages).toContainText('Zeige 16 bis 20 von 20 Ergebnissen');
  await expect(links).toHaveCount(5);
  await expect(links.first()).toContainText('Folge 5');
  await expect(links.last()).toContainText('Folge 1');
  // The last page: Vorwärts is unavailable and keeps the focus.
  await expect(forward).toHaveAttribute('aria-disabled', 'true');
  await expect(forward).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pages).toContainText('Zeige 16 bis 20 von 20 Ergebnissen');
  await back.click();
  await expect(pages).toContainText('Zeige 1 bis 15 von 20 Ergebnissen');
  await expect(links.first()).toContainText('Folge 20');
  await expectAccessible(page, 'the dashboard with episodes');
});
