// The service worker: precaches the app shell and the first screens' chunks
// (src/client/build/precache.ts, in two steps: precache.ts) and serves index.html for app navigations, so the installed PWA
// starts offline; other chunks, emoji and icons are cached as they are loaded.
// API answers are mirrored for offline reading (mirror.ts); writes made offline are replayed (outbox.ts).
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { IMAGE_CACHE } from './images.ts';
import './mirror.ts';
import { assets, completePrecache, installShell, precache, warmScreens } from './precache.ts';
import './outbox.ts';
import './push.ts';

declare const self: ServiceWorkerGlobalScope;

/** Paths the server answers itself; a navigation there must never get the app shell. */
const serverOnly = [
  /^\/api\//,
  /^\/sanctum\//,
  /^\/twemoji\//,
  /^\/icons\//,
  /^\/nova(\/|$)/,
  /\/[^/]+\.[a-z0-9]+$/i, // any file, e.g. /favicon.svg or /manifest.webmanifest
];

self.addEventListener('install', (event) => event.waitUntil(installShell(event)));
// Drops what the previous version precached and this one does not.
// Then the rest of the precache (precache.ts); `ready` does not wait for it.
self.addEventListener('activate', (event) =>
  event.waitUntil(precache.activate(event).then(() => completePrecache(event))),
);
cleanupOutdatedCaches();
// '/' is asked of the server first (Entscheidung SW-3): a guest gets the landing
// rendered at build time, static with its islands (src/client/landing-script.tsx), a returning visitor
// too, where the shell would boot the whole app to show it; a session's '/' is the shell from the
// server. Offline it is the precached shell, as for every app navigation. Before the precache's
// route, which would answer '/' with its index.html.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === '/',
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await precache.matchPrecache('/index.html')) ?? Response.error();
    }
  },
);
registerRoute(new PrecacheRoute(precache));
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), { denylist: serverOnly }));

// Chunks the precache leaves out (admin, settings, onboarding…): the runtime cache (precache.ts).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  assets,
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

/**
 * A request the page gave up on (it was left while loading: a full load of the next screen) ends
 * with a quiet answer nobody reads, not with a rejected `respondWith`, which Firefox reports in the
 * console as „A ServiceWorker intercepted the request and encountered an unexpected error" for
 * every emoji and chunk in flight (Entscheidung SW-4). Any other failure stays a network
 * error for the page, as without this handler.
 */
setCatchHandler(async ({ request, event }) => {
  const { clientId } = event as FetchEvent;
  const left = request.signal.aborted || (clientId !== '' && !(await self.clients.get(clientId)));
  return left ? new Response(null, { status: 499, statusText: 'Client Closed Request' }) : Response.error();
});

// The update banner ('Aktualisieren') asks the waiting worker to take over.
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'WARM_SCREENS') event.waitUntil(warmScreens(event).catch(() => undefined));
});
