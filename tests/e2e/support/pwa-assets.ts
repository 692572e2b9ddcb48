// Makes the manifest's images (vite.config.ts): the 96×96 shortcut icons, drawn from the menu's
// line icons with sharp, and real screenshots of the built app, taken with Playwright in the
// system Chromium and shrunk to palette PNGs. The results are committed under public/.
// Run after `npm run build`: npx tsx tests/e2e/support/pwa-assets.ts  (then build again)
// The app runs on 127.0.0.1 with a fresh data directory; mails go to its outbox folder.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumPath, playwrightArgs } from '../../support/chromium.ts';
import { startBuiltApp } from '../../support/loopback-server.ts';
import { findLink, parseMail } from './mime.ts';

const root = join(import.meta.dirname, '../../..');
const publicDir = join(root, 'public');
const BRAND = '#0f766e';

// The menu's icons (src/client/components/nav-icons.tsx) and a light bulb for the tips.
const shortcutGlyphs = {
  practices: '<circle cx="12" cy="12" r="10"/><path d="m16 8-2.5 5.5L8 16l2.5-5.5z"/>',
  experiments: '<path d="M9 3h6M10 3v6L4.5 19a1.5 1.5 0 0 0 1.3 2h12.4a1.5 1.5 0 0 0 1.3-2L14 9V3M7 15h10"/>',
  assistances:
    '<path d="M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.2 1 2V17h6v-.3c0-.8.4-1.5 1-2A7 7 0 0 0 12 2z"/>',
};

async function shortcutIcons() {
  for (const [name, glyph] of Object.entries(shortcutGlyphs)) {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${BRAND}"/>` +
      `<g transform="translate(24 24) scale(2)" fill="none" stroke="#fff" stroke-width="2" ` +
      `stroke-linecap="round" stroke-linejoin="round">${glyph}</g></svg>`;
    const file = join(publicDir, 'icons', `shortcut-${name}-96.png`);
    await sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toFile(file);
    console.log(`wrote ${file}`);
  }
}

const startApp = (dataDir: string) => startBuiltApp(root, dataDir);

async function xsrf(page: Page) {
  await page.request.get('/sanctum/csrf-cookie');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
}

/** A verified user with a podcast in its trial, signed in on `page`. */
async function signIn(page: Page, dataDir: string) {
  const email = 'studio@example.com';
  const password = 'Kompass-Screens-2025!';
  const data = { email, password, password_confirmation: password, terms: true, privacy: true };
  await page.request.post('/api/account', { headers: await xsrf(page), data });
  const mailDir = join(dataDir, 'mail');
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const files = existsSync(mailDir) ? readdirSync(mailDir) : [];
    if (files[0]) link = findLink(parseMail(readFileSync(join(mailDir, files[0]), 'utf8')), '/email');
  }
  if (!link) throw new Error(`no verification mail in ${mailDir}`);
  await page.goto(link);
  await page.waitForURL(/\/app\//);
  await page.request.put('/api/account', {
    headers: await xsrf(page),
    data: { name: 'Alex Beispiel', email },
  });
  const podcast = await page.request.post('/api/podcasts', {
    headers: await xsrf(page),
    data: { title: 'Frequenz & Feierabend', category_id: [1, 2] },
  });
  if (podcast.status() !== 201) throw new Error(`podcast: ${await podcast.text()}`);
}

/** A screenshot of `path`, settled (no requests, no update banner), as a palette PNG. */
async function shoot(page: Page, path: string, waitFor: string, file: string) {
  await page.goto(path);
  await page.getByText(waitFor, { exact: false }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const png = await page.screenshot({ animations: 'disabled' });
  const out = join(publicDir, 'screenshots', file);
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(out);
  const { width, height } = await sharp(out).metadata();
  console.log(`wrote ${out} (${width}×${height})`);
}

async function screenshots() {
  if (!existsSync(join(root, 'dist/server/main.js'))) throw new Error('Run `npm run build` first.');
  mkdirSync(join(publicDir, 'screenshots'), { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'kompass-screens-'));
  const app = await startApp(dataDir);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: playwrightArgs,
  });
  try {
    const common = {
      baseURL: app.base,
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      serviceWorkers: 'block' as const,
    };
    const phone = await browser.newContext({
      ...common,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const phonePage = await phone.newPage();
    await signIn(phonePage, dataDir);
    await shoot(phonePage, '/app/practices/list', 'Lass dich inspirieren', 'narrow-practices.png');

    const wide = await browser.newContext({ ...common, viewport: { width: 1280, height: 800 } });
    await wide.addCookies(await phone.cookies());
    await shoot(await wide.newPage(), '/app/podcast', 'Vollständige Einrichtung', 'wide-dashboard.png');
  } finally {
    await browser.close();
    app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await shortcutIcons();
if (!process.argv.includes('--icons-only')) await screenshots();
