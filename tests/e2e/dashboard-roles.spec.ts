// The dashboard for roles without every right, on a phone: an observer reads without edit, close or invite buttons; an editor edits but does not invite.
import { expect, test } from '@playwright/test';
import { apiWrite, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { memberOf, openDashboard, widget } from './support/dashboard.ts';
import { phone } from './support/phones.ts';
import { setMembershipRole } from './support/database.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use(phone);

test('an observer reads the dashboard without edit, close or invite buttons', async ({ page, browser }) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Nur lesen');
  await apiWrite(page, 'PUT', `/api/podcasts/${podcast.id}`, {
    title: 'Nur lesen',
    category_id: podcast.category_id,
    rss_uri: 'https://feeds.example.org/a.xml',
  });
  await openDashboard(page, podcast.id);
  // The owner may refresh the feed.
  await expect(widget(page, /^Episoden/).getByRole('button', { name: 'Aktualisieren' })).toBeVisible();

  const { page: observer, context } = await memberOf(browser, podcast.id, 'observer');

  await expect(observer.getByRole('heading', { level: 1, name: 'Nur lesen' })).toBeVisible();
  await expect(observer.getByText('Deine Rolle: Beobachter*in')).toBeVisible();
  const checklist = widget(observer, 'Vollständige Einrichtung');
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  await expect(checklist.getByRole('link')).toHaveCount(0);
  await expect(observer.getByRole('button', { name: 'Vollständige Einrichtung schließen' })).toHaveCount(0);
  // No widget offers an edit link; the header's edit button shows for everyone (§6).
  await expect(observer.getByRole('link', { name: /bearbeiten$/ })).toHaveCount(1);
  await expect(observer.getByRole('link', { name: 'Podcast bearbeiten' })).toBeVisible();
  await expect(observer.getByRole('link', { name: 'Coworker*innen einladen' })).toHaveCount(0);
  await expect(observer.getByRole('button', { name: 'Aktualisieren' })).toHaveCount(0);
  await expect(observer.getByRole('button', { name: 'Startgeschenk schließen' })).toHaveCount(0);
  // Buying Pro is the owner's: the trial shows, its button does not.
  await expect(widget(observer, 'Studio Pro testen')).toContainText('Noch 30 Tage im Studio Pro.');
  await expect(observer.getByRole('link', { name: 'Studio Pro behalten' })).toHaveCount(0);
  // Reading still works: the strategy opens.
  await widget(observer, 'Podcast-Strategie').getByRole('button', { name: 'USP' }).click();
  await expect(widget(observer, 'Podcast-Strategie')).toContainText('Was unterscheidet deinen Podcast');
  await expectAccessible(observer, 'the dashboard of an observer');
  await context.close();
});

test('an editor edits but does not invite; a close the server refuses shows its message', async ({
  page,
  browser,
}) => {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Redaktion');

  const { page: editor, context, userId: editorId } = await memberOf(browser, podcast.id, 'editor');

  await expect(editor.getByText('Deine Rolle: Redakteur*in')).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Podcast-Ziele bearbeiten' })).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Podcast-Strategie bearbeiten' })).toBeVisible();
  // Inviting is for managers and the owner: no invite button, and that tile leads nowhere.
  await expect(editor.getByRole('link', { name: 'Coworker*innen einladen' })).toHaveCount(0);
  const checklist = widget(editor, 'Vollständige Einrichtung');
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  await expect(checklist.getByRole('link')).toHaveCount(5);

  // The owner makes the editor an observer while the dashboard is open: the server refuses the
  // closes, the widgets stay and say why.
  setMembershipRole(podcast.id, editorId, 'observer');
  await checklist.getByRole('button', { name: 'Vollständige Einrichtung schließen' }).click();
  await expect(checklist.getByRole('alert')).toHaveText('Das darf deine Rolle in diesem Podcast nicht.');
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  const gift = widget(editor, 'Dein Startgeschenk');
  await gift.getByRole('button', { name: 'Startgeschenk schließen' }).click();
  await expect(gift.getByRole('alert')).toHaveText('Das darf deine Rolle in diesem Podcast nicht.');
  await expectAccessible(editor, 'the dashboard with refused closes');
  await context.close();
});
