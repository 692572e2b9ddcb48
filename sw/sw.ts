// The service worker: precaches the app shell and the first screens' chunks
// (src/client/build/precache.ts) and serves index.html for app navigations, so the installed PWA
// starts offline; other chunks, emoji and icons are cached as they are loaded.
// API answers are mirrored for offline reading (mirror.ts); writes made offline are replayed (outbox.ts).
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
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

// Workbox's install fetches the precache one file after the other: on a phone, a round trip each
// (~150 ms; 30 files). Three at a time ahead of it, the hashed files land in the HTTP cache (they
// are immutable there), where workbox then finds them. Three, not all: over HTTP/1.1 a browser
// has six connections to a host, and the page (its chunks and answers) and workbox's own requests
// (index.html, which it fetches past the HTTP cache) need theirs. (Decision 2026-11-26, issue 25.)
// The build writes the list where `self.__WB_MANIFEST` stands, once.
const manifest = self.__WB_MANIFEST;
self.addEventListener('install', (event) => {
  const hashed = manifest.flatMap((entry) =>
    typeof entry !== 'string' && entry.revision === null ? [entry.url] : [],
  );
  const fetchNext = async (): Promise<void> => {
    const url = hashed.shift();
    if (url === undefined) return;
    await fetch(url).catch(() => undefined);
    return fetchNext();
  };
  event.waitUntil(Promise.all([fetchNext(), fetchNext(), fetchNext()]));
});
cleanupOutdatedCaches();
precacheAndRoute(manifest);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: serverOnly }));

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
