// An invitation on a phone: the owner invites two people; one registers through the mailed link
// (which proves the address) and lands on the podcast; the other has an account, logs in from
// the invitation page, comes back to it and accepts. The page is public: /invitation/{token}.
import { expect, test, type Page } from '@playwright/test';
import { apiWrite, PASSWORD, registerViaApi, verifiedUser, verifyViaMail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { linkFromMail } from './support/mailbox.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

const INVITATION_SUBJECT = /einladung|eingeladen/i;

/** A podcast of a new owner, with an invitation to `email` as `type`; the link from the mail. */
async function invite(page: Page, email: string, type: 'manager' | 'editor' | 'observer') {
  await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Gemeinsam senden');
  await apiWrite(page, 'POST', `/api/podcasts/${podcast.id}/invitations`, { email, type });
  const link = await linkFromMail(email, INVITATION_SUBJECT, '/invitation/');
  await page.context().clearCookies();
  return { podcast, link };
}

test('a new person registers through the invitation and lands on the podcast', async ({ page }) => {
  const email = `eingeladen-${Date.now().toString(36)}@example.com`;
  const { podcast, link } = await invite(page, email, 'editor');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist eingeladen!' })).toBeVisible();
  await expect(page.getByText('Gemeinsam senden')).toBeVisible();
  await expect(page.getByText('Redakteur*in')).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await expectAccessible(page, 'invitation for a guest');

  await page.getByLabel('Dein Name').fill('Erika Eingeladen');
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).click();
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).click();
  await page.getByRole('button', { name: 'Account erstellen' }).click();

  // verified: true, so the app reloads into podcast.show with the podcast selected.
  await expect(page).toHaveURL(/\/app\/podcast$/);
  await expect(page.getByRole('button', { name: 'Podcast wechseln: Gemeinsam senden' })).toBeVisible();
  const context = (await (await page.request.get('/api/account/context')).json()) as {
    data: { id: number; role: { key: string } };
  };
  expect(context.data).toMatchObject({ id: podcast.id, role: { key: 'editor' } });
});

test('someone with an account logs in from the invitation, comes back and accepts', async ({ page }) => {
  const email = `mit-account-${Date.now().toString(36)}@example.com`;
  // The invited person registered earlier (and confirmed the address).
  await registerViaApi(page, email);
  await verifyViaMail(page, email);
  await page.context().clearCookies();
  const { podcast, link } = await invite(page, email, 'observer');

  await page.goto(link);
  await page.getByRole('link', { name: 'Anmelden und Einladung annehmen' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  // The router sets the URL before the login screen replaces the invitation, whose registration
  // form has fields of the same names: fill only once the login screen is shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  await expect(page).toHaveURL(new URL(link).pathname);
  await expect(page.getByText(`Du bist angemeldet als ${email}.`)).toBeVisible();
  await expectAccessible(page, 'invitation for a signed-in user');
  await page.getByRole('button', { name: 'Einladung annehmen' }).click();
  await expect(page).toHaveURL(/\/app\/podcast$/);
  await expect(page.getByRole('button', { name: 'Podcast wechseln: Gemeinsam senden' })).toBeVisible();
  const context = (await (await page.request.get('/api/account/context')).json()) as {
    data: { id: number; role: { key: string } };
  };
  expect(context.data).toMatchObject({ id: podcast.id, role: { key: 'observer' } });

  // Used once: the link now says it was accepted.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Einladung angenommen' })).toBeVisible();
});

test('signed in with another address, the page warns and accepts only on the confirming button', async ({
  page,
}) => {
  const invited = `adressat-${Date.now().toString(36)}@example.com`;
  const { podcast, link } = await invite(page, invited, 'editor');
  // Someone else holds the link and is signed in with an address of their own.
  const other = await verifiedUser(page);

  await page.goto(link);
  await expect(page.getByText(`Du bist angemeldet als ${other.email}.`)).toBeVisible();
  await expect(page.getByText(invited, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'nicht an deine Adresse' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Einladung annehmen', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'invitation for another address');
  await page.getByRole('button', { name: 'Trotzdem mit meinem Konto annehmen' }).click();
  await expect(page).toHaveURL(/\/app\/podcast$/);
  const context = (await (await page.request.get('/api/account/context')).json()) as {
    data: { id: number; role: { key: string } };
  };
  expect(context.data).toMatchObject({ id: podcast.id, role: { key: 'editor' } });
});

test('an unknown invitation link says so', async ({ page }) => {
  await page.goto('/invitation/gibt-es-nicht');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'unknown invitation');
});

test('after too many unknown links the page says when to try again instead of loading on', async ({
  page,
}) => {
  // A client of its own (the server trusts the test's loopback proxy), so no other test is
  // throttled; a new one per attempt, or a retry would start throttled by the first try.
  const client = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': client });
  for (let i = 0; i < 20; i++)
    expect((await page.request.get(`/api/invitations/geraten-${i}`)).status()).toBe(404);

  await page.goto('/invitation/noch-ein-versuch');
  await expect(
    page.getByText(/Zu viele Versuche\. Bitte versuche es in \d+ Sekunden noch einmal\./),
  ).toBeVisible();
  await expect(page.getByText('Lade die Einladung …')).toHaveCount(0);
});
