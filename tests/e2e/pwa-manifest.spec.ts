// The manifest of an installable German app: icons, id, description, categories, screenshots, shortcuts; Chromium finds nothing in the way; emoji images.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import sharp from 'sharp';

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

test('emoji images come from /twemoji with a 2753 fallback', async ({ request }) => {
  expect((await request.get('/twemoji/2753.svg')).status()).toBe(200);
  expect((await request.get('/twemoji/1f4dd.svg')).headers()['content-type']).toContain('svg');
});

// ---- Install and update ----

/** A synthetic `beforeinstallprompt` (Chromium's event carries `prompt()` and `userChoice`). */

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
