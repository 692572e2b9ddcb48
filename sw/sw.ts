// The service worker: precaches the app shell and serves index.html for app navigations, so the
// installed PWA starts offline. Later issues add runtime caches, outbox replay and push here.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

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

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: serverOnly }));

// The update banner ('Aktualisieren') asks the waiting worker to take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
