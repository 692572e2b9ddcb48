// Installable from day one: the manifest, the service worker, and an offline start of the shell.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { verifiedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { attemptMark } from './support/attempt.ts';
import { allowFor } from './support/budget.ts';
import { podcastWithExperiment } from './support/podcasts.ts';

test('the manifest describes an installable German app', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'Kompass Studio',
    short_name: 'Kompass',
    lang: 'de',
    display: 'standalone',
    start_url: expect.any(String),
    theme_color: expect.stringMatching(/^#/),
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of icons) expect((await request.get(icon.src)).status()).toBe(200);
});

test('the service worker precaches the shell, which then opens offline', async ({ page, context }) => {
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // now controlled by the worker
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.goto('/password/forgot');
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await context.setOffline(false);
});

test('with the worker in control a guest’s / is still the static landing, and offline the app’s shell', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.reload(); // now controlled by the worker
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Lass deinen Podcast wachsen.' })).toBeVisible();
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/)]);

  await context.setOffline(true);
  await page.reload();
  // The app renders the landing from its precached shell.
  await expect(page.getByRole('heading', { level: 1, name: 'Lass deinen Podcast wachsen.' })).toBeVisible();
  expect(scripts.some((path) => /^\/assets\/index-/.test(path))).toBe(true);
  await context.setOffline(false);
});

test('API paths never get the app shell from the service worker', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  const response = await page.goto('/api/gibt-es-nicht');
  expect(response?.headers()['content-type']).toContain('application/json');
});

test('emoji images come from /twemoji with a 2753 fallback', async ({ request }) => {
  expect((await request.get('/twemoji/2753.svg')).status()).toBe(200);
  expect((await request.get('/twemoji/1f4dd.svg')).headers()['content-type']).toContain('svg');
});

// ---- Install and update (issue 10, item 4) ----

/** A synthetic `beforeinstallprompt` (Chromium's event carries `prompt()` and `userChoice`). */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  await page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { promptCalls: number };
    w.promptCalls = 0;
    event.prompt = async () => void w.promptCalls++;
    event.userChoice = Promise.resolve({ outcome: choice });
    window.dispatchEvent(event);
  }, outcome);
}

const promptCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls);

test('the manifest has an id, a German description, categories, screenshots and shortcuts', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(href!)).json();
  expect(manifest.id).toBe('/');
  expect(manifest.description).toMatch(/Podcast/);
  expect(manifest.categories).toEqual(expect.arrayContaining(['productivity']));

  type Image = { src: string; sizes: string; type: string; form_factor?: string; label?: string };
  const screenshots = manifest.screenshots as Image[];
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of screenshots) {
    const response = await request.get(shot.src);
    expect(response.status(), shot.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    // The declared size is the picture's (Chromium drops screenshots whose size is wrong).
    const { width, height } = await sharp(await response.body()).metadata();
    expect(`${width}x${height}`).toBe(shot.sizes);
    expect(shot.label).toBeTruthy();
  }
  const [narrow, wide] = ['narrow', 'wide'].map((f) => screenshots.find((s) => s.form_factor === f)!);
  expect(Number(narrow!.sizes.split('x')[1])).toBeGreaterThan(Number(narrow!.sizes.split('x')[0]));
  expect(Number(wide!.sizes.split('x')[0])).toBeGreaterThan(Number(wide!.sizes.split('x')[1]));

  const shortcuts = manifest.shortcuts as { name: string; url: string; icons: Image[] }[];
  expect(shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Methoden', '/app/practices/list'],
    ['Experimente', '/app/experiments/list'],
    ['Tipps', '/app/assistances'],
  ]);
  for (const shortcut of shortcuts) {
    const icon = shortcut.icons.find((i) => i.sizes === '96x96')!;
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    const { width, height } = await sharp(await response.body()).metadata();
    expect([width, height]).toEqual([96, 96]);
  }
});

test('Chromium finds nothing in the way of installing the app', async ({ baseURL }) => {
  // Playwright's contexts are incognito, where Chromium never installs: a real profile instead.
  const profile = mkdtempSync(join(tmpdir(), 'kompass-install-'));
  const { launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the landing offers the install from the browser prompt, and not once installed', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lass deinen Podcast wachsen.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'App installieren' })).toHaveCount(0);

  await offerInstall(page, 'dismissed');
  const install = page.getByRole('button', { name: 'App installieren' });
  await expect(install).toBeVisible();
  await expectAccessible(page, 'landing with install');
  await install.click();
  expect(await promptCalls(page)).toBe(1);
  // The browser's prompt works once: the button goes until the browser offers it again.
  await expect(install).toHaveCount(0);

  await offerInstall(page);
  await expect(install).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveCount(0);
  await offerInstall(page);
  await expect(page.getByRole('heading', { name: 'Kompass Studio als App' })).toHaveCount(0);
});

test('the profile menu offers "App installieren" and opens the browser prompt', async ({ page }) => {
  await verifiedUser(page);
  await offerInstall(page);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await expect(page.getByRole('menuitem', { name: 'App installieren' })).toBeVisible();
  await expectAccessible(page, 'profile menu with install');
  await page.getByRole('menuitem', { name: 'App installieren' }).click();
  expect(await promptCalls(page)).toBe(1);
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'App installieren' })).toHaveCount(0);
});

test.describe('on iOS Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/18.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  test('the landing and the profile menu explain Teilen → Zum Home-Bildschirm', async ({ page }) => {
    await page.goto('/');
    const panel = page.getByRole('region', { name: 'Kompass Studio als App' });
    await expect(panel).toContainText('Teilen → Zum Home-Bildschirm');
    await expect(panel.getByRole('button')).toHaveCount(0);
    await expectAccessible(page, 'landing on iOS');

    await verifiedUser(page);
    await page.getByRole('button', { name: 'Profilmenü' }).click();
    await page.getByRole('menuitem', { name: 'App installieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'App installieren' });
    await expect(dialog).toContainText('Teilen → Zum Home-Bildschirm');
    await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();
    await expectAccessible(page, 'iOS install steps');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

/** A running experiment of a new trial podcast, shown with its comment form. */
async function openExperiment(page: Page) {
  await verifiedUser(page);
  const { experiment } = await podcastWithExperiment(page, 'Update-Probe');
  await page.goto(`/app/experiments/${experiment.id}`);
  // The worker's install precaches the whole app (support/budget.ts).
  allowFor(60_000);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // controlled by the worker from here on
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page.getByRole('region', { name: 'Kommentare' });
}

/**
 * A new version of the worker gets ready and waits, as after a deploy: the test server answers
 * /sw.js with a line more for this browser context (`kompass-test-sw-version`,
 * src/server/test-hooks.ts), and the page checks for an update as the browser does by itself.
 */
async function publishNewVersion(page: Page) {
  // A second install of the whole app: its own time, also for the wait below (support/budget.ts).
  allowFor(60_000);
  await page
    .context()
    .addCookies([{ name: 'kompass-test-sw-version', value: attemptMark(), url: new URL(page.url()).origin }]);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect(page.getByText('Neue Version verfügbar')).toBeVisible({ timeout: 60_000 });
}

/** The page's worker registration has no new version installing or waiting. */
function pendingWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(registration?.installing ?? registration?.waiting);
  });
}

test('an update keeps the comment being typed', async ({ page }) => {
  const comments = await openExperiment(page);
  await comments.getByLabel('Kommentar').fill('Halb geschrieben: die Kapitelmarken');
  await publishNewVersion(page);
  await expectAccessible(page, 'update prompt');

  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Aktualisieren' }).click()]);
  await expect(page.getByText('Neue Version verfügbar')).toHaveCount(0);
  await expect.poll(() => pendingWorker(page)).toBe(false);
  await expect(comments.getByLabel('Kommentar')).toHaveValue('Halb geschrieben: die Kapitelmarken');
  // Nothing was sent on the way: the draft is still only a draft.
  await expect(comments.getByRole('listitem')).toHaveCount(0);
});

test('an update waits while a comment is still being sent', async ({ page }) => {
  const comments = await openExperiment(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/experiments/*/comments', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.fallback();
  });
  await comments.getByLabel('Kommentar').fill('Unterwegs zum Server');
  await comments.getByRole('button', { name: 'Kommentieren' }).click();
  await publishNewVersion(page);
  await expect(page.getByText('Eine Änderung wird noch gesendet, danach geht es.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Später' })).toBeEnabled();

  release();
  await expect(comments.getByText('Unterwegs zum Server')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeEnabled();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Aktualisieren' }).click()]);
  await expect(comments.getByText('Unterwegs zum Server')).toHaveCount(1);
});
