// On a phone: push notifications of new tips. The opt-in in settings 'Benachrichtigungen' and in
// the assistant button's panel asks for the permission only after a tap, and shows what this
// browser can do (not supported, iOS outside the home screen, blocked, on, off). Headless Chromium
// has no push service, so `pushManager.subscribe` is stubbed in the page to hand out a device of
// the local push service (tests/support/fake-push.ts); everything else is real: the server stores
// the subscription, a new tip is pushed to the fake service (VAPID-checked, aes128gcm-decrypted),
// that payload is delivered to the service worker through CDP, the worker shows the notification,
// and its click handler brings the open window to the tip.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startFakePush, type FakeDevice, type FakePush } from '../support/fake-push.ts';
import { portsFrom } from '../support/loopback-server.ts';
import { apiWrite, logoutViaMenu, PASSWORD, verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { allowFor } from './support/budget.ts';
import { mirrorPaths } from './support/offline.ts';
import { createPodcastViaApi } from './support/podcasts.ts';
import { phone } from './support/phones.ts';

test.use(phone);

const OFF = 'Benachrichtigungen sind auf diesem Gerät ausgeschaltet.';
const ON = 'Benachrichtigungen sind auf diesem Gerät eingeschaltet.';
const TURN_ON = 'Benachrichtigungen einschalten';
const TURN_OFF = 'Auf diesem Gerät ausschalten';

let fake: FakePush;
test.beforeAll(async () => {
  fake = await startFakePush(portsFrom('E2E_PUSH_PORTS'));
});
test.afterAll(() => fake.close());

/**
 * Counts permission prompts, and (with `device`) makes `pushManager.subscribe` return that
 * device's subscription the way Chromium would with a push service. Runs before the app's code.
 */
async function instrument(page: Page, device?: FakeDevice['subscription']) {
  await page.addInitScript((subscription) => {
    const calls = { permission: 0, subscribe: 0 };
    (window as unknown as { pushCalls: typeof calls }).pushCalls = calls;
    const request = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      calls.permission++;
      return request();
    };
    if (!subscription) return;
    // Like the browser's, the subscription outlives the page (kept in sessionStorage here).
    const STORE = 'fake-push-subscription-key';
    const make = (key: number[]) =>
      ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
        toJSON: () => subscription,
        getKey: () => null,
        unsubscribe: async () => {
          sessionStorage.removeItem(STORE);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options) {
      calls.subscribe++;
      const key = [...new Uint8Array(options!.applicationServerKey as ArrayBuffer)];
      sessionStorage.setItem(STORE, JSON.stringify(key));
      return make(key);
    };
    PushManager.prototype.getSubscription = async () => {
      const key = sessionStorage.getItem(STORE);
      return key ? make(JSON.parse(key) as number[]) : null;
    };
  }, device);
}

const calls = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { pushCalls: { permission: number; subscribe: number } }).pushCalls,
  );

/** Waits for the service worker, reloads, and waits until it controls the page. */
async function controlled(page: Page) {
  // The install precaches the whole app (support/budget.ts).
  allowFor(60_000);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * Delivers `data` to the app's service worker as a push service would, and resolves with the
 * outcome a push service learns: the push event's status once its `waitUntil` (showing the
 * notification) has settled. CDP's `ServiceWorker.deliverPushMessage` answers before the event
 * runs and drops that status; Chromium reports it to DevTools' Background Services
 * ('pushMessaging'). Reading `getNotifications()` before then can lose the notification: a read
 * that starts once Chromium has stored it but finds it not yet on screen deletes it as closed
 * (content/browser/notifications/platform_notification_context_impl.cc; 2026-12-07).
 */
async function deliverPush(context: BrowserContext, page: Page, data: string) {
  const cdp = await context.newCDPSession(page);
  const completed = new Promise<string>((resolve) => {
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
      if (event.service === 'pushMessaging' && event.eventName === 'Push event completed')
        resolve(event.eventMetadata.find((m) => m.key === 'Status')?.value ?? 'no status');
    });
  });
  await cdp.send('BackgroundService.setRecording', { service: 'pushMessaging', shouldRecord: true });
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registered,
    data,
  });
  return completed;
}

test('a tip reaches a subscribed phone as a notification whose tap opens the tip', async ({
  page,
  context,
}) => {
  test.slow();
  await verifiedUser(page);
  const serverKey = (
    (await (await page.request.get('/api/push/key')).json()) as { data: { public_key: string } }
  ).data.public_key;
  const device = fake.device(serverKey);
  await instrument(page, device.subscription);
  await context.grantPermissions(['notifications']);

  // Settings: nothing is asked on load; the tap asks, subscribes and registers the device.
  await page.goto('/app/settings/notifications');
  await controlled(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Benachrichtigungen' })).toBeVisible();
  await expect(page.getByText(OFF)).toBeVisible();
  expect(await calls(page)).toEqual({ permission: 0, subscribe: 0 });
  await expectAccessible(page, 'settings notifications (off)');
  const registered = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/push-subscriptions') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: TURN_ON }).click();
  expect((await registered).status()).toBe(200);
  await expect(page.getByText(ON)).toBeVisible();
  await expect(page.getByRole('button', { name: TURN_OFF })).toBeVisible();
  expect(await calls(page)).toEqual({ permission: 1, subscribe: 1 });
  await expectAccessible(page, 'settings notifications (on)');

  // A new podcast gets its first tips; the server pushes them to the push service, encrypted.
  const podcast = await createPodcastViaApi(page, 'Pushfunk');
  await apiWrite(page, 'POST', `/api/account/context/${podcast.id}`);
  const welcome = 'Willkommen im Studio, Pushfunk!';
  await expect
    .poll(() => device.messages().map((m) => (JSON.parse(m) as { title: string }).title), { timeout: 20_000 })
    .toContain(welcome);
  const pushed = device.messages().find((m) => m.includes(welcome))!;
  const payload = JSON.parse(pushed) as { title: string; url: string; body: string };
  expect(payload.url).toMatch(/^\/app\/assistances\/\d+$/);
  expect(payload.body).toMatch(/^Pushfunk: /);

  // The same bytes the push service decrypted, delivered to the service worker: a notification.
  await page.goto('/app/podcast');
  expect(await deliverPush(context, page, pushed)).toBe('Success');
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      })),
    );
  await expect.poll(shown).toEqual([
    {
      title: welcome,
      body: payload.body,
      tag: payload.url.replace('/app/assistances/', 'tip-'),
      url: payload.url,
    },
  ]);

  // The tap. Chromium offers no way to click a notification from a test (no CDP command; headless
  // has no notification centre), so the worker gets the click event its own way: a
  // NotificationEvent('notificationclick') for the notification it shows, dispatched in the
  // worker. The handler is the real one; such a synthetic event carries no user activation, so
  // the browser lets it navigate the open window but not open a new one, which is the case here:
  // the app is open on the dashboard, and the tap brings that window to the tip.
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
  await worker.evaluate(async () => {
    // Worker globals, typed here because the tests compile with the DOM's lib, not WebWorker's.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`${payload.url}$`));
  await expect(page.getByRole('heading', { level: 1, name: welcome })).toBeVisible();
  await expect.poll(shown).toEqual([]);

  // The assistant button's panel shows the same state, and turns it off for this device.
  await page.getByRole('button', { name: /^Kompass-KI/ }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText(ON)).toBeVisible();
  await expectAccessible(page, 'assistant button with notifications');
  const removed = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/push-subscriptions') && r.request().method() === 'DELETE',
  );
  await panel.getByRole('button', { name: TURN_OFF }).click();
  expect((await removed).status()).toBe(200);
  await expect(panel.getByText(OFF)).toBeVisible();
  await expect(panel.getByRole('button', { name: TURN_ON })).toBeVisible();

  // Logging out forgets the device, so whoever uses the phone next gets none of these tips.
  await panel.getByRole('button', { name: TURN_ON }).click();
  await expect(panel.getByText(ON)).toBeVisible();
  await page.keyboard.press('Escape');
  const forgotten = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/push-subscriptions') && r.request().method() === 'DELETE',
  );
  await logoutViaMenu(page);
  expect((await forgotten).status()).toBe(200);
});

test('a deleted account leaves neither its subscription nor its offline copies on the phone', async ({
  page,
  context,
}) => {
  await verifiedUser(page);
  const serverKey = (
    (await (await page.request.get('/api/push/key')).json()) as { data: { public_key: string } }
  ).data.public_key;
  await instrument(page, fake.device(serverKey).subscription);
  await context.grantPermissions(['notifications']);
  await page.goto('/app/settings/notifications');
  await controlled(page);
  await page.getByRole('button', { name: TURN_ON }).click();
  await expect(page.getByText(ON)).toBeVisible();
  await expect.poll(async () => (await mirrorPaths(page)).length).toBeGreaterThan(0);

  await page.goto('/app/settings/delete');
  await page.getByRole('button', { name: 'Account löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account endgültig löschen?' });
  await dialog.getByLabel('Aktuelles Passwort').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page.getByText('Dein Account wurde gelöscht.')).toBeVisible();
  await expect.poll(() => mirrorPaths(page)).toEqual([]);

  // The next person on this phone finds notifications off, not switched on for them.
  await verifiedUser(page);
  await page.goto('/app/settings/notifications');
  await expect(page.getByText(OFF)).toBeVisible();
  await expect(page.getByRole('button', { name: TURN_ON })).toBeVisible();
});

test('without a push service, blocked or on iOS outside the home screen, the opt-in says what to do', async ({
  page,
  context,
  browser,
}) => {
  await verifiedUser(page);
  await instrument(page);
  await context.grantPermissions(['notifications']);
  await page.goto('/app/settings/notifications');
  await controlled(page);

  // Headless Chromium has no push service: the real subscribe fails, and the page says so.
  await expect(page.getByText(OFF)).toBeVisible();
  await page.getByRole('button', { name: TURN_ON }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Benachrichtigungen lassen sich auf diesem Gerät gerade nicht einschalten. Bitte versuche es später noch einmal.',
  );
  await expect(page.getByText(OFF)).toBeVisible();
  expect((await calls(page)).permission).toBe(1);

  // Blocked for the site: how to allow it again, and no button that could not work.
  const blocked = await context.newPage();
  await blocked.addInitScript(() =>
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' }),
  );
  await blocked.goto('/app/settings/notifications');
  await expect(
    blocked.getByText('Du hast Benachrichtigungen für Kompass Studio blockiert.', { exact: false }),
  ).toBeVisible();
  await expect(
    blocked.getByText(/stelle „Benachrichtigungen“ auf „Zulassen“ und lade die Seite neu/),
  ).toBeVisible();
  await expect(blocked.getByRole('button', { name: TURN_ON })).toHaveCount(0);
  await expectAccessible(blocked, 'settings notifications (blocked)');

  // A browser without the Push API.
  const old = await context.newPage();
  await old.addInitScript(() => delete (window as { PushManager?: unknown }).PushManager);
  await old.goto('/app/settings/notifications');
  await expect(old.getByText('Dieser Browser kann keine Benachrichtigungen empfangen.')).toBeVisible();
  await expect(old.getByRole('button', { name: TURN_ON })).toHaveCount(0);

  // iPhone Safari, not installed: install first.
  const iphone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1',
    storageState: await context.storageState(),
  });
  const safari = await iphone.newPage();
  await safari.goto('/app/settings/notifications');
  await expect(safari.getByText(/Tippe in Safari auf Teilen → Zum Home-Bildschirm/)).toBeVisible();
  await expect(safari.getByRole('button', { name: TURN_ON })).toHaveCount(0);
  await expectAccessible(safari, 'settings notifications (iOS)');
  await iphone.close();
});
