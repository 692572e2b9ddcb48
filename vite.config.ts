/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreensOnly } from './src/client/build/precache.ts';
import { usesZod } from './src/client/build/zod-users.ts';
import { precompressPlugin } from './src/client/build/precompress.ts';
import { prerenderPlugin } from './src/client/build/prerender.ts';
import { screenChunksPlugin } from './src/client/build/screen-chunks.ts';
import { twemojiPlugin } from './src/client/build/twemoji.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

const THEME_COLOR = '#0f766e';

/**
 * Fewer, larger chunks (Entscheidung CLI-16). Higher priority takes a module first; a group also takes
 * what its modules import unless a higher group has it.
 * - index: the entry and everything it imports statically, one file.
 * - markdown, dexie, uplot, workbox-window: libraries only some screens use (method content and
 *   tips, the offline store, the metrics plot, the update prompt) stay apart, so the dashboard
 *   (and the landing) don't load them with the rest.
 * - zod: the schemas' library, which the landing never loads (api/parse.ts loads it with an answer);
 *   each schema module in its own chunk beside it (schema-*).
 * - framework: React, TanStack router and query, ky, zustand: what every screen runs on.
 * - radix-overlays, radix: no vendor chunk with all of radix (36 KB) on every first paint; the
 *   overlays (menus, popovers, dialogs, floating-ui) load with the deferred menus.
 * - queries: the features' fetchers.
 * - app: the client's shared code (api, lib, offline, components, stores) and src/shared, without
 *   the offline store.
 * Feature and route code stays split by rolldown per screen.
 */
/**
 * The offline store and what only it uses: its chunk loads with dexie, where the outbox is needed.
 * (src/browser/, the store's other half, is no group's: rolldown splits it by module.) Matched by
 * path: the chunks keep the modules' names (offline-data, outbox-status), which the precache lists.
 */
const OFFLINE_STORE = /(client[\\/]offline[\\/](outbox|offline-data)\.ts|components[\\/]outbox-status)/;

/**
 * Components on radix (menus, dialogs, checkboxes) stay out of the shared chunk: they go with the
 * screens, or the deferred menus (components/deferred.tsx), that use them, and radix with them.
 */
const radixUsers = new Map<string, boolean>();
const usesRadix = (id: string) => {
  if (!radixUsers.has(id)) {
    radixUsers.set(id, /\.tsx$/.test(id) && readFileSync(id, 'utf8').includes("from 'radix-ui'"));
  }
  return radixUsers.get(id)!;
};

const SHARED = /src[\\/]shared[\\/]/;

const RADIX_OVERLAYS =
  /node_modules[\\/](@radix-ui[\\/]react-(menu|dropdown-menu|popover|dialog|alert-dialog|popper|focus-scope|dismissable-layer|portal|focus-guards|arrow|use-size)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/;

const CHUNK_GROUPS = [
  // Named like the entry: the entry module joins this chunk (and src/client/build/prerender.ts finds it).
  { name: 'index', tags: ['$initial' as const], priority: 50 },
  { name: 'markdown', test: /node_modules[\\/]react-markdown[\\/]/, priority: 33 },
  { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/, priority: 33 },
  { name: 'uplot', test: /node_modules[\\/]uplot[\\/]/, priority: 33 },
  { name: 'workbox-window', test: /node_modules[\\/]workbox-window[\\/]/, priority: 33 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 15 },
  // Each schema module of src/shared in a chunk of its own, `schema-<module>` (Entscheidung CLI-17):
  // in zod's chunk, the first answer parsed after the start built every schema of the app at once
  // (the dashboard's 'Hörerzahlen' answer: ~150 ms of main thread unthrottled, a phone's four
  // times that); now the module it needs and those that one imports (a module several import goes
  // with the first chunk that takes it: api.ts and the German messages sit in schema-account).
  // Below the shared chunks: they take the zod-free modules the schemas import (vocabulary, limits).
  {
    name: (id: string) =>
      SHARED.test(id) && usesZod(id) ? `schema-${basename(id).replace(/\.tsx?$/, '')}` : null,
    priority: 15,
  },
  // Radix in two parts: what menus, popovers and dialogs need (floating-ui above all; loaded after
  // the first screen, components/deferred.tsx), and the primitives and widgets screens render
  // (accordions, checkboxes, tabs), which the overlays share.
  {
    name: 'radix',
    test: (id: string) => /node_modules[\\/]@radix-ui[\\/]/.test(id) && !RADIX_OVERLAYS.test(id),
    priority: 33,
  },
  { name: 'radix-overlays', test: RADIX_OVERLAYS, priority: 32 },
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|ky|zustand)[\\/]/,
    priority: 35,
  },
  // The update prompt joins the landing after hydration: its own small chunk, not the app's.
  { name: 'update-prompt', test: /components[\\/]update-prompt\.tsx$/, priority: 25 },
  // The features' fetchers and query options (one small file per endpoint): a screen and its
  // widgets ask for a dozen of them, each its own ~1 KB chunk before (30 scripts before the
  // dashboard painted; the goal is 25).
  {
    name: 'queries',
    test: (id: string) => /src[\\/]client[\\/]features[\\/][^\\/]+[\\/]api[\\/]/.test(id) && !usesZod(id),
    priority: 20,
  },
  // Small parts several first screens share (a method's row and card, the similarity badge, the
  // sets widget, the dashboard's card, the experiments' podcast and helpers, a method's tab frame, the loaders' reads): rolldown made each its own ~1 KB chunk, five more
  // requests (and round trips) before the dashboard or the method list painted.
  {
    name: 'screen-parts',
    test: (id: string) =>
      !usesZod(id) &&
      /src[\\/]client[\\/](features[\\/]practices[\\/]components[\\/](practice-card|practice-row|similarity|practice-emoji|format-day|compilations-widget)|features[\\/]experiments[\\/]components[\\/]shared|features[\\/]podcasts[\\/]components[\\/]dashboard[\\/]widget-card-actions|features[\\/]podcasts[\\/]components[\\/]feed-check[\\/]rhythm-durations|routes[\\/]screens[\\/](experiment-podcast|with-practice|screen-reads))\./.test(
        id,
      ),
    priority: 21,
  },
  {
    name: 'app',
    test: (id: string) =>
      /src[\\/](client[\\/](api|lib|offline|components|stores)|shared)[\\/]/.test(id) &&
      !OFFLINE_STORE.test(id) &&
      !usesRadix(id) &&
      !usesZod(id),
    priority: 20,
  },
];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    twemojiPlugin({
      svgDir: here('node_modules/@twemoji/svg'),
      contentDir: here('src/server/db/seed/content'),
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The browser fetches the install icons itself; the worker caches them when they are used.
      includeManifestIcons: false,
      injectManifest: {
        // The shell and the first screens' chunks only (src/client/build/precache.ts); other chunks,
        // emoji and icons are cached when first used (sw/sw.ts).
        // (The plugin adds manifest.webmanifest itself.)
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg'],
        manifestTransforms: [firstScreensOnly(here('dist/client'))],
      },
      manifest: {
        id: '/',
        name: 'Kompass Studio',
        short_name: 'Kompass',
        description: 'Wachstumsmethoden, Experimente und Tipps für deinen Podcast.',
        lang: 'de',
        dir: 'ltr',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: '#f8fafc',
        categories: ['productivity', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Real screens of the app, made by tests/e2e/support/pwa-assets.ts (so are the icons below).
        screenshots: [
          {
            src: '/screenshots/narrow-practices.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Methoden, sortiert nach dem, was deinem Podcast jetzt am meisten bringt',
          },
          {
            src: '/screenshots/wide-dashboard.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Das Podcast-Dashboard mit Einrichtung, Experimenten und Empfehlungen',
          },
        ],
        shortcuts: [
          {
            name: 'Methoden',
            url: '/app/practices/list',
            icons: [{ src: '/icons/shortcut-practices-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Experimente',
            url: '/app/experiments/list',
            icons: [{ src: '/icons/shortcut-experiments-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Tipps',
            short_name: 'Tipps',
            description: 'Tipps von der Kompass-KI',
            url: '/app/assistances',
            icons: [{ src: '/icons/shortcut-assistances-96.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
      },
    }),
    prerenderPlugin(),
    precompressPlugin(),
    screenChunksPlugin(here('dist/client')),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // .vite/manifest.json: screen-chunks.json is made from it (src/client/build/screen-chunks.ts),
    // and the server preloads the chunks of the app screen a page opens (screen-preloads.ts).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    proxy: {
      '/api': api,
      '/sanctum': api,
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    pool: 'forks',
    // One module graph per worker for all its files: importing the whole server anew for each file
    // was half of the API passes' time (SQLite 187 → 84 s, PostgreSQL 240 → 131 s). Safe because no
    // module keeps an app's state: what is per app hangs off its context or database (an outage's
    // record: db/faults.ts `Database.faults`; caches in WeakMaps by database). Entscheidung TST-9.
    isolate: false,
    // Two files at a time even on 2 cores (vitest's default there is one): every suite builds its
    // own app, data directory, SMTP server and PostgreSQL database, so none shares state, and
    // much of their time is spent waiting (database, child processes, mail). Entscheidung TST-10.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // Sized to a busy machine, not a quiet one: under load (2 cores shared with seven other jobs)
    // 28 API tests ran past vitest's 5 s while building their app and hashing passwords. A test
    // that passes takes no longer for it; a hang still ends.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
