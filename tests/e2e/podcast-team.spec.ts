// On a phone: the owner invites an observer, resends the invitation, and manages the membership
// (deactivate, reactivate, and the displayed states of §4 when a change fails); the observer sees
// the podcast read-only and no actions. Needs the team server (memberships, invitations).
import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import { registerViaApi, uniqueEmail, verifyViaMail, xsrfHeaders } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { linkFromMail, waitForMail } from './support/mailbox.ts';
import { phone, secondPhone } from './support/phones.ts';
import { createPodcastViaApi } from './support/podcasts.ts';

test.use(phone);

const INVITATION_SUBJECT = /Einladung/;

/** A second person on their own device: a fresh context with the journeys' settings. */
async function secondUser(browser: Browser, email: string) {
  const page = await secondPhone(browser);
  await registerViaApi(page, email);
  await verifyViaMail(page, email);
  await expect(page).toHaveURL(/\/app\//);
  return page;
}

/** Accepts the newest invitation mailed to `email` through the link's token (POST …:accept). */
async function acceptInvitation(page: Page, email: string, since: number) {
  const link = new URL(await linkFromMail(email, INVITATION_SUBJECT, '/invitation/', since));
  const token = link.pathname.split('/').at(-1)!;
  const response = await page.request.post(`/api/invitations/${token}:accept`, {
    headers: await xsrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(200);
}

const row = (page: Page, email: string) =>
  page.getByRole('list', { name: 'Team' }).getByRole('listitem').filter({ hasText: email });

test('the owner invites and manages a coworker, who sees the podcast read-only', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = await registerViaApi(page);
  await verifyViaMail(page, owner.email);
  // The app confirms the address after the link opens; wait for it before the API call below.
  await expect(page).toHaveURL(/\/app\//);
  const podcast = await createPodcastViaApi(page, 'Teamarbeit');
  const observer = uniqueEmail('observer');

  // Invite: e-mail, role, note; the invitation appears below the form.
  await page.goto(`/app/podcasts/${podcast.id}/invite`);
  await expect(page.getByRole('heading', { level: 1, name: 'Coworker*innen einladen' })).toBeVisible();
  await expect(page.getByLabel('Rolle').locator('option')).toHaveText([
    'Manager*in',
    'Redakteur*in',
    'Beobachter*in',
  ]);
  await page.getByLabel('E-Mail-Adresse').fill(observer);
  await page.getByLabel('Rolle').selectOption({ label: 'Beobachter*in' });
  await page.getByLabel('Nachricht (optional)').fill('Schau dir gern unsere Ziele an.');
  await page.getByRole('button', { name: 'Einladen' }).click();
  await expect(page.getByText(`Die Einladung an ${observer} ist verschickt.`)).toBeVisible();
  const invitations = page.getByRole('list', { name: 'Einladungen' });
  await expect(invitations.getByRole('listitem').filter({ hasText: observer })).toContainText(
    'Beobachter*in',
  );
  await expectAccessible(page, 'podcasts.invite');

  // Resend once: the button stays disabled afterwards. The resent mail makes a new link and the
  // first one stops working, so the first mail must be in before `since`: under load it arrived
  // after the resend was clicked, was taken for the newest, and its link was refused (a flake).
  const since = (await waitForMail(observer, INVITATION_SUBJECT)).receivedAt + 1;
  await invitations.getByRole('button', { name: 'Erneut senden' }).click();
  await expect(invitations.getByRole('button', { name: 'Verschickt' })).toBeDisabled();

  // The observer accepts the newest link, then sees everything and can change nothing.
  const other = await secondUser(browser, observer);
  await acceptInvitation(other, observer, since);
  await other.goto('/app/podcast/edit/general');
  await expect(
    other.getByText('Als Beobachter*in kannst du diese Angaben ansehen, aber nicht ändern.'),
  ).toBeVisible();
  await expect(other.getByLabel('Titel', { exact: true })).toHaveValue('Teamarbeit');
  await expect(other.getByRole('button', { name: 'Aktualisieren' })).toHaveCount(0);
  await expect(other.getByRole('link', { name: 'Podcast löschen' })).toHaveCount(0);
  await expectAccessible(other, 'podcast.edit.general read-only');
  await other.goto('/app/podcast/edit/objective');
  await expect(other.getByRole('radiogroup', { name: 'Reichweite' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Ziele speichern' })).toHaveCount(0);
  await other.goto('/app/podcast/edit/metrics');
  await expect(other.getByRole('button', { name: 'Werte erfassen' })).toHaveCount(0);
  await other.goto('/app/podcast/coworkers');
  await expect(other.getByRole('list', { name: 'Team' }).getByRole('listitem')).toHaveCount(2);
  await expect(other.getByRole('list', { name: 'Team' }).getByRole('button')).toHaveCount(0);
  await expect(other.getByRole('link', { name: 'Coworker*in einladen' })).toHaveCount(0);

  // Both now work together: account.coworkers.list names the podcast and the role.
  await page.goto('/app/account/coworkers');
  await expect(
    page.getByRole('list', { name: 'Coworker*innen' }).getByRole('listitem').filter({ hasText: observer }),
  ).toContainText('Teamarbeit · Beobachter*in');
  await expectAccessible(page, 'account.coworkers.list');

  // The owner: the accepted invitation is no longer listed; actions only on the other row.
  await page.goto('/app/podcast/coworkers');
  await expect(page.getByRole('heading', { level: 1, name: 'Coworker*innen' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team' }).getByRole('listitem')).toHaveCount(2);
  await expect(row(page, owner.email).getByRole('button')).toHaveCount(0);
  await expect(page.getByText('Keine offenen Einladungen.')).toBeVisible();
  await expect(row(page, observer).getByRole('link', { name: 'Profil' })).toBeVisible();
  await expectAccessible(page, 'podcast.coworkers.list');

  await row(page, observer).getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(row(page, observer)).toContainText('Inaktiv');
  // After a change the team list refetches; wait for the answer that shows the reactivation, or
  // the list may be read after the removal below and take the row away before the failure shows
  // (run q1: the refetch went out through the service worker 130 ms late and answered without
  // the observer), and the reactivation itself may still be under way when the membership is
  // removed (CI, 2026-12-07: a late refetch of the deactivation answered first).
  const refetched = page.waitForResponse(
    async (r) =>
      r.url().endsWith(`/api/podcasts/${podcast.id}/memberships`) &&
      r.request().method() === 'GET' &&
      ((await r.json()) as { data: { active: boolean; user: { email: string } }[] }).data.some(
        (m) => m.user.email === observer && m.active,
      ),
  );
  await row(page, observer).getByRole('button', { name: 'Reaktivieren' }).click();
  await refetched;
  await expect(row(page, observer)).toContainText('Aktiv');
  await expect(row(page, observer).getByRole('button', { name: 'Deaktivieren' })).toBeVisible();

  // The membership goes behind the screen's back (as from another device): every change fails
  // now, and the row shows what §4 says for each failure. Reads of the list wait meanwhile (held,
  // not answered for the server): one still under way from the reactivation came back without
  // the observer and took the row before its buttons were tried (CI, 2026-12-07).
  const list = `**/api/podcasts/${podcast.id}/memberships`;
  const held: Route[] = [];
  await page
    .context()
    .route(list, (route) => (route.request().method() === 'GET' ? void held.push(route) : route.continue()));
  const memberships = await page.request.get(`/api/podcasts/${podcast.id}/memberships`);
  const { data } = (await memberships.json()) as { data: { id: number; user: { email: string } }[] };
  const membership = data.find((m) => m.user.email === observer)!;
  const removed = await page.request.post(`/api/memberships/${membership.id}:delete`, {
    headers: await xsrfHeaders(page),
  });
  expect(removed.ok(), await removed.text()).toBe(true);

  await row(page, observer).getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(row(page, observer).getByRole('alert')).toBeVisible();
  await expect(row(page, observer)).toContainText('Aktiv'); // a failed deactivate stays active
  await row(page, observer).getByRole('button', { name: 'Entfernen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Entfernen' }).click();
  await expect(row(page, observer)).toContainText('Inaktiv'); // a failed delete shows inactive
  await row(page, observer).getByRole('button', { name: 'Reaktivieren' }).click();
  await expect(row(page, observer).getByRole('alert')).toBeVisible();
  await expect(row(page, observer)).toContainText('Inaktiv'); // a failed reactivate shows inactive

  // The list from the server: the observer is gone.
  for (const route of held) await route.continue();
  await page.context().unroute(list);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Team' }).getByRole('listitem')).toHaveCount(1);
  await other.context().close();
});
