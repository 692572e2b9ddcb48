// The offline data is one user's: logging out removes the mirror and the outbox from the device,
// and another user logging in on it never sees the previous user's copies.
import { expect, test } from '@playwright/test';
import { apiWrite, loginViaUi, logoutViaMenu, verifiedUser } from './support/accounts.ts';
import {
  controlledByWorker,
  mirrorPaths,
  outboxItems,
  serverState,
  PRACTICE,
  WAITING,
} from './support/offline.ts';
import { podcastWithExperiment } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

test('logging out clears the offline data and the outbox', async ({ page, context }) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Abmeldung');
  await page.goto(`/app/experiments/${experiment.id}`);
  await controlledByWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE.title })).toBeVisible();
  await expect
    .poll(async () => (await mirrorPaths(page)).includes(`/api/experiments/${experiment.id}`))
    .toBe(true);
  // A change the server refused stays in the outbox until the user decides (or logs out).
  await context.setOffline(true);
  await page.getByRole('region', { name: 'Umsetzung' }).getByRole('checkbox').nth(1).click();
  await expect(page.getByRole('region', { name: 'Umsetzung' }).getByRole('checkbox').nth(1)).toBeChecked();
  await expect(page.getByText(WAITING, { exact: true })).toBeVisible();
  await apiWrite(page, 'DELETE', `/api/experiments/${experiment.id}`);
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: '1 Änderung nicht gespeichert' })).toBeVisible();
  expect(await outboxItems(page)).toHaveLength(1);

  await logoutViaMenu(page);
  expect(await mirrorPaths(page)).toEqual([]);
  expect(await outboxItems(page)).toEqual([]);

  // Offline, the experiment's address now leads out of the app (to a guest page), not to a copy.
  await context.setOffline(true);
  await page.goto(`/app/experiments/${experiment.id}`);
  await expect(page).not.toHaveURL(/\/app\//);
  await expect(page.getByText(/von 5 Aufgaben erledigt/)).toHaveCount(0);
});

test("another user logging in gets neither the previous user's copies nor their outbox", async ({
  page,
  context,
}) => {
  const first = await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Erste Person');
  await page.goto(`/app/experiments/${experiment.id}`);
  await controlledByWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE.title })).toBeVisible();
  await expect
    .poll(async () => (await mirrorPaths(page)).includes(`/api/experiments/${experiment.id}`))
    .toBe(true);

  await context.setOffline(true);
  const comments = page.getByRole('region', { name: 'Kommentare' });
  await comments.getByRole('textbox', { name: 'Kommentar' }).fill('Nur von der ersten Person');
  await comments.getByRole('button', { name: 'Kommentieren' }).click();
  await expect(comments.getByText(WAITING, { exact: true })).toBeVisible();

  // The session ends without a logout (e.g. expired), then someone else signs in on this device.
  await context.clearCookies({ name: 'kompass_session' });
  await context.setOffline(false);
  await verifiedUser(page);
  await expect
    .poll(async () =>
      (await mirrorPaths(page)).some((path) => path.startsWith(`/api/experiments/${experiment.id}`)),
    )
    .toBe(false);
  await expect.poll(() => outboxItems(page)).toEqual([]);

  // The first person's change was never sent, in nobody's name.
  await logoutViaMenu(page);
  await loginViaUi(page, first.email, first.password);
  await expect(page).toHaveURL(/\/app\//);
  expect((await serverState(page, experiment.id)).comments).toEqual([]);
});

test('logging out without a network logs out at once; the server hears of it when the network is back', async ({
  page,
  context,
}) => {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Funkstille');
  await page.goto(`/app/experiments/${experiment.id}`);
  await controlledByWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: PRACTICE.title })).toBeVisible();
  const sessionUser = async () =>
    ((await (await page.request.get('/api/account/session')).json()) as { data: unknown }).data;

  await context.setOffline(true);
  await logoutViaMenu(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  expect(await mirrorPaths(page)).toEqual([]);
  // The server could not be told yet: the session still holds there.
  expect(await sessionUser()).not.toBeNull();
  // Offline, the app's addresses lead to no copy of the user's data.
  await page.goto(`/app/experiments/${experiment.id}`);
  await expect(page).not.toHaveURL(/\/app\//);

  await context.setOffline(false);
  await expect.poll(sessionUser).toBeNull();
  // Back online, the device stays logged out: no way back into the app with the old cookie.
  await page.goto('/app/dashboard');
  await expect(page).not.toHaveURL(/\/app\//);
  await expect(page.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();
});
