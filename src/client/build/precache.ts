// What the service worker precaches (decision 2026-11-26, issue 25): the shell (index.html, the
// entry with every chunk it imports statically, the stylesheet, icon and manifest) and the screens
// an installed app opens first (its frame, the dashboard, the method list and detail, an
// experiment, tips, and the guest pages: login, where a logout made offline lands), each with the chunks it
// imports statically. Everything else (admin, settings,
// onboarding, billing…) is cached when first loaded (sw/sw.ts, 'kompass-assets'). Precaching all
// ~170 files made the worker ready only 6 s after a first visit on a phone.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ManifestTransform } from 'workbox-build';

/** Chunks of the first screens, by the name rolldown gives them (the module's file name). */
const FIRST_SCREENS = [
  // The guest pages: where a logout made offline, or a session lost offline, lands.
  'login-page',
  'setup-page',
  'password-forgot-page',
  'password-reset-page',
  'verify-page',
  'app-layout',
  'dashboard-page',
  'dashboard-widgets',
  'get-memberships',
  'practices-screens',
  'experiment-screens',
  'assistance-screens',
];

const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g;

/** The chunk and every chunk it imports statically (not its dynamic imports). */
function withStaticImports(assetsDir: string, start: string[]): Set<string> {
  const found = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.has(file) || !existsSync(join(assetsDir, file))) continue;
    found.add(file);
    for (const match of readFileSync(join(assetsDir, file), 'utf8').matchAll(STATIC_IMPORT)) {
      queue.push(match[1]!);
    }
  }
  return found;
}

/** Keeps the shell and the first screens out of the build's files (workbox's manifest entries). */
export function firstScreensOnly(outDir: string): ManifestTransform {
  return (entries) => {
    const assetsDir = join(outDir, 'assets');
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const entry = [...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
    const names = new Set(entries.map((e) => e.url.replace(/^assets\//, '')));
    const screens = [...names].filter((name) =>
      FIRST_SCREENS.some((screen) => new RegExp(`^${screen}-[\\w-]{8}\\.js$`).test(name)),
    );
    const keep = withStaticImports(assetsDir, [...entry, ...screens]);
    const manifest = entries.filter(
      (e) =>
        !e.url.startsWith('assets/') || e.url.endsWith('.css') || keep.has(e.url.slice('assets/'.length)),
    );
    const gzipped = manifest.reduce(
      (total, e) => total + gzipSync(readFileSync(join(outDir, e.url))).length,
      0,
    );
    console.log(
      `precache: ${manifest.length} of ${entries.length} files, ` +
        `${(manifest.reduce((t, e) => t + e.size, 0) / 1024).toFixed(0)} KB (${(gzipped / 1024).toFixed(0)} KB gzipped)`,
    );
    return { manifest, warnings: [] };
  };
}
