// Is the built app installable? Starts it (as `npm start` runs it, fresh data directory), opens it
// in the system Chromium with a real profile (incognito never installs), and asks Chromium over
// CDP: manifest parse errors (Page.getAppManifest), installability errors
// (Page.getInstallabilityErrors), and whether the shell starts offline. Then Lighthouse 12 (which
// has no PWA category any more) on '/', printing its categories and the audits an installed app
// depends on. Exits 1 when Chromium reports an installability error.
// Run after `npm run build`: npx tsx tests/bench/installability.ts
// Everything listens on 127.0.0.1; Chromium is /usr/bin/chromium (or CHROME_PATH).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { chromiumPath, lighthouseFlags, playwrightArgs } from '../support/chromium.ts';
import { startBuiltApp } from '../support/loopback-server.ts';

const root = join(import.meta.dirname, '../..');

if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/client/index.html'))) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

const temp = mkdtempSync(join(tmpdir(), 'kompass-installability-'));
const children: ChildProcess[] = [];

async function startApp() {
  const app = await startBuiltApp(root, join(temp, 'data'));
  children.push(app.child);
  return app.base;
}

type Manifest = {
  id?: string;
  screenshots?: { form_factor?: string; sizes: string }[];
  shortcuts?: { name: string; url: string }[];
};

/** What Chromium says about installing the app, on a phone profile. */
async function chromiumChecks(base: string) {
  const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
  const context = await chromium.launchPersistentContext(join(temp, 'profile'), {
    ...phone,
    executablePath: chromiumPath,
    args: playwrightArgs,
    baseURL: base,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const app = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string; critical: number }[];
      data?: string;
    };
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = JSON.parse(app.data ?? '{}') as Manifest;

    // The installed app opens on start_url (/app, for a guest the login) with no network.
    await page.reload();
    await context.setOffline(true);
    const offline = await page.goto('/login').then(
      (r) => r?.ok() ?? false,
      () => false,
    );
    await context.setOffline(false);
    return { manifestUrl: app.url, manifestErrors: app.errors, installabilityErrors, manifest, offline };
  } finally {
    await context.close();
  }
}

type Report = {
  categories: Record<string, { score: number | null; title: string }>;
  audits: Record<string, { score: number | null; title: string; displayValue?: string }>;
};

/** Audits an installed app still relies on in Lighthouse 12 (its PWA category was removed). */
const pwaAudits = [
  'viewport',
  'is-on-https',
  'redirects-http',
  'errors-in-console',
  'bf-cache',
  'document-title',
  'html-has-lang',
  'meta-description',
  'charset',
  'image-aspect-ratio',
  'image-size-responsive',
];

function lighthouse(url: string): Promise<Report> {
  const output = join(temp, 'lighthouse.json');
  const args = [
    url,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    '--no-enable-error-reporting',
    `--chrome-flags=${lighthouseFlags().join(' ')}`,
  ];
  return new Promise((resolve, reject) => {
    const bin = join(root, 'node_modules/.bin/lighthouse');
    const child = spawn(bin, args, { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: 'inherit' });
    children.push(child);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}`));
      resolve(JSON.parse(readFileSync(output, 'utf8')) as Report);
    });
  });
}

try {
  const base = await startApp();
  const checks = await chromiumChecks(base);
  const { manifest } = checks;
  console.log(`manifest ${checks.manifestUrl}`);
  console.log(
    `  id ${manifest.id}; screenshots ${(manifest.screenshots ?? []).map((s) => `${s.form_factor} ${s.sizes}`).join(', ')}; ` +
      `shortcuts ${(manifest.shortcuts ?? []).map((s) => `${s.name} → ${s.url}`).join(', ')}`,
  );
  console.log(`  parse errors: ${checks.manifestErrors.map((e) => e.message).join('; ') || 'none'}`);
  const errors = checks.installabilityErrors.map(
    (e) => `${e.errorId}(${e.errorArguments.map((a) => a.value)})`,
  );
  console.log(`installability errors (Page.getInstallabilityErrors): ${errors.join(', ') || 'none'}`);
  console.log(`offline start of the shell: ${checks.offline ? 'ok' : 'FAILED'}`);
  if (errors.length > 0 || checks.manifestErrors.length > 0 || !checks.offline) process.exitCode = 1;

  const report = await lighthouse(`${base}/`);
  console.log('Lighthouse 12, mobile, on /');
  for (const category of Object.values(report.categories))
    console.log(`  ${category.title.padEnd(16)} ${category.score?.toFixed(2) ?? 'n/a'}`);
  for (const id of pwaAudits) {
    const audit = report.audits[id];
    if (!audit) continue;
    const score = audit.score === null ? 'n/a' : audit.score === 1 ? 'pass' : `FAIL (${audit.score})`;
    console.log(`  ${id.padEnd(22)} ${score.padEnd(10)} ${audit.title}`);
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(temp, { recursive: true, force: true });
}
