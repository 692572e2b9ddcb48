// The service worker: precaches the app shell and the first screens' chunks
// (src/client/build/precache.ts) and serves index.html for app navigations, so the installed PWA
// starts offline; other chunks, emoji and icons are cached as they are loaded.
// API answers are mirrored for offline reading (mirror.ts); writes made offline are replayed (outbox.ts).
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { IMAGE_CACHE } from './images.ts';
import './mirror.ts';
import './outbox.ts';
import './push.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Paths the server answers itself; a navigation there must never get the app shell. */
const serverOnly = [
  /^\/api\//,
  /^\/sanctum\//,
  /^\/twemoji\//,
  /^\/icons\//,
  /^\/nova(\/|$)/,
  /\/[^/]+\.[a-z0-9]+$/i, // any file, e.g. /favicon.svg or /manifest.webmanifest
];

// The precache, installed in parallel (decision 2026-11-26, issue 25). Workbox's own install
// (`precacheAndRoute`) caches one file after the other: on a phone a round trip each for the ~13
// files the first page did not load, and a step each for the ~20 it did (from the HTTP cache):
// 2.8 s of the worker's 4–5 s to ready. Here the same controller's strategy caches each entry, as
// workbox's loop does, four at a time: over HTTP/1.1 a browser has six connections to a host, and
// the page's own requests (its chunks and the dashboard's answers) need theirs. Hashed files come
// from the HTTP cache (immutable there); files with a revision (index.html, icon, manifest) are
// fetched past it, as workbox does. The build writes the list where `self.__WB_MANIFEST` stands, once.
const manifest = self.__WB_MANIFEST;
const precache = new PrecacheController();
precache.addToCacheList(manifest);
const INSTALL_CONCURRENCY = 4;

async function installPrecache(event: ExtendableEvent) {
  const queue = manifest.map((entry) => {
    const { url, revision } = typeof entry === 'string' ? { url: entry, revision: null } : entry;
    return { url: new URL(url, self.location.href).href, mode: revision ? 'reload' : 'default' } as const;
  });
  const next = async (): Promise<void> => {
    const entry = queue.shift();
    if (!entry) return;
    const request = new Request(entry.url, { cache: entry.mode, credentials: 'same-origin' });
    const cacheKey = precache.getCacheKeyForURL(entry.url);
    await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
    return next();
  };
  await Promise.all(Array.from({ length: INSTALL_CONCURRENCY }, next));
}

self.addEventListener('install', (event) => event.waitUntil(installPrecache(event)));
// Drops what the previous version precached and this one does not.
self.addEventListener('activate', (event) => precache.activate(event));
cleanupOutdatedCaches();
registerRoute(new PrecacheRoute(precache));
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), { denylist: serverOnly }));

// Chunks the precache leaves out (admin, settings, onboarding…) carry their hash in the name: the
// first load caches them, and a new build's names replace them (at most 200 kept).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'kompass-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

// Emoji (/twemoji/{code}.svg) and icons never change under a name: the first use caches them
// ('Für offline speichern' stores those of every method ahead: mirror.ts).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    (url.pathname.startsWith('/twemoji/') || url.pathname.startsWith('/icons/')),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 90 })],
  }),
);

// The update banner ('Aktualisieren') asks the waiting worker to take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
