// Buying Studio Pro on a phone: a Basic podcast goes through the conversion page to the (fake)
// provider's login and consent page, back to its contract page, redeems the subscription and is
// Pro; the subscription is then cancelled at the provider, the server's clock passes expires-at,
// the re-check job runs, and the podcast is Basic again. axe on every billing screen.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_STEADY_PASSWORD } from '../support/fake-steady.ts';
import { verifiedUser, xsrfHeaders } from './support/accounts.ts';
import { assistantButton } from './support/assistant.ts';
import { expectAccessible } from './support/axe.ts';
import { createPodcastDaysAgo } from './support/database.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

const steadyUrl = () => {
  const url = process.env.E2E_STEADY_URL;
  if (!url) throw new Error('E2E_STEADY_URL is not set; run through tests/e2e/playwright.config.ts');
  return url;
};

/** Switches the subscription at the fake provider (its test-only control endpoint). */
async function setSubscription(request: APIRequestContext, email: string, state: string, expiresAt?: string) {
  const response = await request.post(`${steadyUrl()}/__control/subscription`, {
    data: { email, state, expires_at: expiresAt ?? null },
  });
  expect(response.ok()).toBe(true);
}

/** The test hooks of the E2E server (KOMPASS_TEST_CLOCK=1). */
async function testHook(page: Page, path: string, data?: unknown) {
  const response = await page.request.post(path, { headers: await xsrfHeaders(page), data });
  expect(response.ok(), await response.text()).toBe(true);
}

test('a Basic podcast buys Studio Pro, redeems it, and falls back to Basic after the cancellation ends', async ({
  page,
  request,
}) => {
  const user = await verifiedUser(page);
  const podcast = await createPodcastViaApi(page, 'Abo-Podcast');
  createPodcastDaysAgo(podcast.id, 31); // the trial is over: Basic
  await setSubscription(request, user.email, 'active');

  await page.goto('/app/dashboard');
  await page.getByRole('link', { name: 'Kompass-KI aktivieren' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/podcasts/${podcast.id}/conversion$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Studio Pro für „Abo-Podcast“' })).toBeVisible();
  const proCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Studio Pro', exact: true }) });
  await expect(proCard.getByText('pro Monat')).toBeVisible();
  await page.getByRole('button', { name: 'Jährlich – spare 17 %' }).click();
  await expect(proCard.getByText('pro Jahr')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zum Dashboard' })).toBeVisible();
  await expectAccessible(page, 'podcasts.conversion');

  // The pricing action: off to the provider's login and consent page.
  await proCard.getByRole('button', { name: 'Studio Pro wählen' }).click();
  await expect(page).toHaveURL(new RegExp(`^${steadyUrl()}/oauth/authorize\\?`));
  await page.getByLabel('E-Mail').fill(user.email);
  await page.getByLabel('Passwort').fill(FAKE_STEADY_PASSWORD);
  await page.getByRole('button', { name: 'Zugriff erlauben' }).click();

  // Back through `authorized` to the podcast's contract page.
  await expect(page).toHaveURL(/\/app\/podcast\/edit\/contract$/);
  await expect(page.getByRole('heading', { name: 'Studio Upgrade' })).toBeVisible();
  await expect(page.getByText('Studio Basic', { exact: true })).toBeVisible();
  await expect(page.getByText(`Dein Abo bei Steady (${user.email}): aktiv.`)).toBeVisible();
  await expectAccessible(page, 'podcast.edit.contract');

  await page.getByRole('button', { name: 'Abo für diesen Podcast einlösen' }).click();
  await expect(page.getByText('Dein Abo schaltet diesen Podcast frei.')).toBeVisible();
  await expect(page.getByText('Studio Pro', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kompass-KI aktivieren' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Vertrag ablösen' })).toBeVisible();
  // The assistant is unlocked: the tab bar's button offers tips instead of 'Kompass befragen'.
  await assistantButton(page, /^Kompass-KI: \d+ Tipps$/);
  await expect(page.getByRole('button', { name: 'Kompass befragen' })).toHaveCount(0);

  // The account's view of it.
  await page.goto('/app/settings/contract');
  await expect(page.getByText('Dein Abo schaltet „Abo-Podcast“ frei.')).toBeVisible();
  await expectAccessible(page, 'settings.contract');

  // Cancelled at the provider: Pro until expires-at, then Basic once the job has run.
  const expiresAt = new Date(Date.now() + 10 * 60_000);
  await setSubscription(request, user.email, 'not_renewing', expiresAt.toISOString());
  try {
    await testHook(page, '/api/test/jobs:run');
    await page.goto('/app/podcast/edit/contract');
    await expect(page.getByText('Studio Pro', { exact: true })).toBeVisible();

    await testHook(page, '/api/test/clock', { now: new Date(expiresAt.getTime() + 60_000).toISOString() });
    await testHook(page, '/api/test/jobs:run');
    await page.reload();
    await expect(page.getByText('Studio Basic', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kompass-KI aktivieren' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Vertrag ablösen' })).toHaveCount(0);
    await assistantButton(page, 'Kompass befragen');
  } finally {
    // Other journeys share the server: its clock goes back to the real time.
    await testHook(page, '/api/test/clock', { now: new Date().toISOString() });
  }
});

test('subscribed and a declined authorization read well on a phone', async ({ page }) => {
  await verifiedUser(page);
  await createPodcastViaApi(page, 'Erfolgs-Podcast');
  await page.goto('/app/subscribed');
  await expect(page.getByRole('heading', { name: 'Abo erfolgreich abgeschlossen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zu den Methoden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zum Dashboard' })).toBeVisible();
  await expectAccessible(page, 'subscribed');

  await page.goto('/app/authorized?error=access_denied');
  await expect(page.getByText('Die Verbindung mit Steady wurde nicht bestätigt.')).toBeVisible();
  await expectAccessible(page, 'authorized');
  await page.getByRole('link', { name: 'Zu Abo & Vertrag' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/contract$/);
});
