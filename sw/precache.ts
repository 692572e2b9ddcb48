// The precache in two steps (Entscheidung SW-2: the worker is ready soon after a first visit).
// The install, which `navigator.serviceWorker
// .ready` waits for, caches only the shell (index.html, the entry and the chunks it imports, the
// stylesheet, icon and manifest: src/client/build/precache.ts marks the rest `later`); the page
// has just loaded those, so they come from the HTTP cache. The first screens' other chunks (the
// guest pages, the method list and detail, an experiment, tips, the deferred menus) are cached
// when the worker activates, which `ready` does not wait for, and before 'Für offline speichern'
// reports its methods saved (mirror.ts). Until then the precache route fetches them from the
// network, as for any file it has not stored yet.
//
// Both steps cache entries the way workbox's own install (`precacheAndRoute`) does, with the
// same controller's strategy, but several at a time (workbox caches one file after the other)
// and skipping those already stored under their cache key (the key holds the file's hash or
// revision: the same key is the same file, e.g. after an update).
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController } from 'workbox-precaching';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;
/**
 * A manifest entry as src/client/build/precache.ts writes it (objects, `later` and `warm` beside
 * workbox's fields). A `warm` entry is not precached: it is an app screen's chunk for the runtime
 * cache (`warmScreens`).
 */
type Entry = { url: string; revision: string | null; later?: boolean; warm?: boolean };

// The build writes the list where `self.__WB_MANIFEST` stands, once.
const all = self.__WB_MANIFEST as Entry[];
const manifest = all.filter((entry) => !entry.warm);
export const precache = new PrecacheController();
precache.addToCacheList(manifest.map(({ url, revision }) => ({ url, revision })));

/**
 * Chunks the precache leaves out carry their hash in the name: the first load caches them, and a
 * new build's names replace them (at most 200 kept). sw.ts routes /assets/ through it.
 */
export const assets = new CacheFirst({
  cacheName: 'kompass-assets',
  plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});

let warming: Promise<void> | undefined;

/**
 * The code of the app's other screens into the runtime cache, one file at a time, those not
 * stored yet: asked by the page in idle time after a first visit (lib/warm-screens.ts), so that
 * every screen opens offline. A file that fails is tried again at the next ask.
 */
export function warmScreens(event: ExtendableEvent) {
  warming ??= (async () => {
    const cache = await caches.open(assets.cacheName);
    for (const { url } of all.filter((entry) => entry.warm)) {
      const request = new Request(new URL(url, self.location.href).href, { credentials: 'same-origin' });
      if (await cache.match(request)) continue;
      // Through the route's strategy, so its expiration counts the file like a loaded one.
      await assets.handle({ request, event }).catch(() => undefined);
    }
  })().finally(() => (warming = undefined));
  return warming;
}

/**
 * Caches `entries` missing from the precache, `concurrency` at a time. Hashed files come from
 * the HTTP cache (immutable there); files with a revision (index.html, icon, manifest) are
 * fetched past it, as workbox does.
 */
async function cacheMissing(entries: Entry[], event: ExtendableEvent, concurrency: number) {
  const cache = await caches.open(precache.strategy.cacheName);
  const queue = entries.map(({ url, revision }) => ({
    url: new URL(url, self.location.href).href,
    mode: revision ? 'reload' : 'default',
  })) as { url: string; mode: RequestCache }[];
  const next = async (): Promise<void> => {
    const entry = queue.shift();
    if (!entry) return;
    const cacheKey = precache.getCacheKeyForURL(entry.url)!;
    if (!(await cache.match(cacheKey))) {
      const request = new Request(entry.url, { cache: entry.mode, credentials: 'same-origin' });
      if (event.type === 'install') {
        await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
      } else {
        // Outside the install the strategy only answers (it stores nothing): store as it would,
        // a complete answer under the entry's key (one that failed is tried again next time).
        const response = await fetch(request).catch(() => undefined);
        if (response?.ok && !response.redirected) await cache.put(cacheKey, response);
      }
    }
    return next();
  };
  await Promise.all(Array.from({ length: concurrency }, next));
}

/** The install: the shell, four at a time (two of a browser's six connections left to the page). */
export const installShell = (event: ExtendableEvent) =>
  cacheMissing(
    manifest.filter((entry) => !entry.later),
    event,
    4,
  );

let completing: Promise<void> | undefined;

/** The rest of the precache, two at a time (the page is still loading its screen); once at a time. */
export function completePrecache(event: ExtendableEvent) {
  completing ??= cacheMissing(manifest, event, 2).finally(() => (completing = undefined));
  return completing;
}
