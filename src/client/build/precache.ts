// What the service worker precaches (Entscheidung CLI-3): the shell (index.html, the
// entry with every chunk it imports statically, the stylesheet, icon and manifest) and the screens
// an installed app opens first (its frame, the dashboard, the method list and detail, an
// experiment, tips, and the guest pages: login, where a logout made offline lands), each with the chunks it
// imports statically. Everything else (admin, settings,
// onboarding, billing…) is cached when first loaded (sw/sw.ts, 'kompass-assets'). Precaching all
// ~170 files made the worker ready only 6 s after a first visit on a phone.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
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
  'dashboard-screen',
  'dashboard-more',
  'practices-screens',
  'practice-tab-screens',
  'compilation-screens',
  'experiment-screens',
  'assistance-screens',
  // What the first screens load after they settled (components/deferred.tsx): the header's menus,
  // the assistant, the feedback dialog, a method's menu, 'Für offline speichern' and the offline
  // store (the outbox loads it when used).
  'profile-menu-content',
  'podcast-selector-menu',
  'assistant-popover',
  'feedback-dialog',
  'practice-menu-content',
  'evaluation-dialog-content',
  'save-for-offline',
  'offline-data',
  'offline-db',
  'outbox-status',
  // zod (the schema modules' chunks are added by name below): every fetcher loads it with its first
  // parsed answer, once the first screen has settled (api/parse.ts), and forms when submitted
  // (lib/forms.ts) — offline too.
  'zod',
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

/**
 * The admin panel's screens (routes/nova.tsx): only staff load them, so they are never warmed.
 * A new admin screen's chunk name goes here.
 */
const ADMIN_SCREENS = /^(nova-layout|users-page|practice-editor|entries-pages|records-pages)-[\w-]{8}\.js$/;

/** `index-C6v67Jmu.css` → `index`. */
const stem = (file: string) => file.replace(/-[\w-]{8}\.\w+$/, '');

/**
 * The sizes of the precache: as built, and as the install downloads it (the server sends the
 * build's brotli copies: src/client/build/precompress.ts). Goal: at most 400 KB.
 */
export function precacheBytes(outDir: string, manifest: { url: string }[]) {
  let raw = 0;
  let sent = 0;
  for (const { url } of manifest) {
    const bytes = readFileSync(join(outDir, url));
    raw += bytes.length;
    // The copies are written after the worker (precompress.ts runs last): compressed here alike.
    sent += bytes.length < 1024 ? bytes.length : Math.min(bytes.length, brotliCompressSync(bytes).length);
  }
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  return `${kb(raw)} as built, ${kb(sent)} sent (brotli)`;
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
    // The schema modules' chunks (`schema-<module>`, vite.config.ts): fetchers and forms load them
    // after the first paint, offline too (api/parse.ts, lib/forms.ts). Not those of the admin
    // panel, billing and push, which no first screen asks for.
    const schemas = [...names].filter((name) => {
      const schema = /^schema-(.+)-[\w-]{8}\.js$/.exec(name);
      return schema !== null && !['admin', 'billing', 'push'].includes(schema[1]!);
    });
    const keep = withStaticImports(assetsDir, [...entry, ...screens, ...schemas]);
    const shell = withStaticImports(assetsDir, entry);
    // A stylesheet goes with its chunk (the same name): uplot's stays with the metrics plot.
    const kept = (files: Set<string>, url: string) => {
      if (!url.startsWith('assets/')) return true;
      const file = url.slice('assets/'.length);
      return url.endsWith('.css') ? new Set([...files].map(stem)).has(stem(file)) : files.has(file);
    };
    // The install caches the shell; the first screens' other chunks follow when the worker has
    // activated (`later`, sw/precache.ts), so `ready` does not wait for them.
    const precached = entries
      .filter((e) => kept(keep, e.url))
      .map((e) => (kept(shell, e.url) ? e : { ...e, later: true }));
    const first = precached.filter((e) => !('later' in e));
    // Every other screen's code (settings, Feed-Check, the podcast's sections …) is `warm`: not
    // precached, but fetched into the worker's runtime cache when the page asks for it in idle
    // time after a first visit (sw/precache.ts), so it opens offline too. Not the chunks only the
    // admin panel uses (Entscheidung CLI-4).
    const others = [...names].filter((name) => !ADMIN_SCREENS.test(name));
    const admin = withStaticImports(
      assetsDir,
      [...names].filter((name) => ADMIN_SCREENS.test(name)),
    );
    const reachable = withStaticImports(assetsDir, others);
    const warm = entries
      .filter((e) => e.url.startsWith('assets/') && !kept(keep, e.url))
      .filter((e) => {
        const file = e.url.slice('assets/'.length);
        return !admin.has(file) || reachable.has(file);
      })
      .map((e) => ({ ...e, warm: true }));
    const manifest = [...precached, ...warm];
    console.log(
      `precache: ${precached.length} of ${entries.length} files, ${precacheBytes(outDir, precached)}; ` +
        `the install ${first.length} of them, ${precacheBytes(outDir, first)}; ` +
        `warmed later: ${warm.length}, ${precacheBytes(outDir, warm)}`,
    );
    return { manifest, warnings: [] };
  };
}
