// Mirrors the API's GET answers to IndexedDB (src/browser/offline-store.ts) as they pass, so
// methods, experiments and tips read offline what they showed online. Method parts (the same for
// every podcast, changed only by an editor) are stale-while-revalidate: the copy at once, the
// network refreshes it. Everything the user's own writes change (experiments, tips, the lists) is
// network-first, so a change shows at once; the copy answers only when the network fails, marked
// with the date the server sent it. 'Für offline speichern' (SAVE_METHODS) saves every method.
import { registerRoute } from 'workbox-routing';
import {
  CACHED_COPY_HEADER,
  OFFLINE_COPY_HEADER,
  type PageMessage,
  type WorkerMessage,
} from '../src/browser/messages.ts';
import { META, type MirrorEntry } from '../src/browser/offline-schema.ts';
import { offlineStore, writeMeta } from '../src/browser/offline-store.ts';
import { WIDGET_ITEMS } from '../src/shared/limits.ts';
import { emojiOf, saveEmoji } from './images.ts';
import { completePrecache } from './precache.ts';

declare const self: ServiceWorkerGlobalScope;

/** Bounds: ~6 parts of 99 methods plus a podcast's experiments and tips fit with room to spare. */
const MAX_ENTRIES = 1500;
const MAX_BODY_CHARS = 512 * 1024;

/**
 * Never mirrored: the session probe (offline must not fake a session), the admin panel, test
 * hooks, and pictures (binary; the browser's HTTP cache keeps them).
 */
const NEVER = /^\/api\/(account\/session|nova|test|images)(\/|$)/;
// A podcast's pooled effects ('Bei 23 Podcasts wie deinem') change only when the studio publishes
// new figures, no write of the user's changes them: served like a method part (Entscheidung SW-5).
const METHOD_PART =
  /^\/api\/(practices\/\d+\/(content|context|rating|actions|compilations)|podcasts\/\d+\/pooled-effects|keywords|categories|compilations)(\/|$)/;
/** The parts 'Für offline speichern' saves per method, besides the method as the podcast sees it. */
const PARTS = ['content', 'context', 'rating', 'actions', 'compilations'];

const keyOf = (url: URL) => url.pathname + url.search;

let saves = 0;

async function save(key: string, response: Response) {
  // Only JSON answers: a copy is kept and served as text.
  if (!response.ok || !response.headers.get('content-type')?.includes('json')) return;
  const body = await response.text();
  if (body.length > MAX_BODY_CHARS) return;
  const now = Date.now();
  await (
    await offlineStore()
  ).put('mirror', {
    url: key,
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body,
    savedAt: now,
    usedAt: now,
  });
  // The emoji an answer names (the similar methods of a method, the widgets' methods) are stored
  // with it, so what the copy shows offline has its images (Entscheidung SW-1).
  const emoji = emojiOf(body);
  if (emoji.length > 0) void saveEmoji(emoji).catch(() => undefined);
  if (++saves % 50 === 0 || saves === 1) await trim();
}

/** Least recently used first, until the mirror fits. */
async function trim() {
  const tx = (await offlineStore()).transaction('mirror', 'readwrite');
  let excess = (await tx.store.count()) - MAX_ENTRIES;
  let cursor = excess > 0 ? await tx.store.index('usedAt').openCursor() : null;
  while (cursor && excess-- > 0) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

async function lookup(key: string): Promise<MirrorEntry | undefined> {
  const tx = (await offlineStore()).transaction('mirror', 'readwrite');
  const entry = await tx.store.get(key);
  if (entry) await tx.store.put({ ...entry, usedAt: Date.now() });
  await tx.done;
  return entry;
}

function fromCopy(entry: MirrorEntry, marked: boolean) {
  const headers = new Headers({ 'content-type': entry.contentType });
  if (marked) headers.set(OFFLINE_COPY_HEADER, new Date(entry.savedAt).toISOString());
  else headers.set(CACHED_COPY_HEADER, '1');
  return new Response(entry.body, { status: entry.status, headers });
}

async function networkFirst(request: Request, key: string, event: ExtendableEvent) {
  try {
    const response = await fetch(request);
    event.waitUntil(save(key, response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const copy = await lookup(key);
    if (copy) return fromCopy(copy, true);
    throw error;
  }
}

async function staleWhileRevalidate(request: Request, key: string, event: ExtendableEvent) {
  const copy = await lookup(key);
  const network = fetch(request).then(async (response) => {
    await save(key, response.clone());
    return response;
  });
  if (!copy) return network;
  event.waitUntil(network.catch(() => undefined));
  return fromCopy(copy, !self.navigator.onLine);
}

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/api/') &&
    !NEVER.test(url.pathname),
  ({ url, request, event }) => {
    const key = keyOf(url);
    const handle = METHOD_PART.test(url.pathname) ? staleWhileRevalidate : networkFirst;
    return handle(request, key, event as ExtendableEvent);
  },
);

async function tell(message: PageMessage) {
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

async function fetchAndSave(path: string) {
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (response.status === 401) throw new Error('logged out');
  await save(path, response.clone());
  return response;
}

/**
 * Saves every method the podcast sees, with all its parts and its emoji, four requests at a time,
 * and makes sure the screens that show them are stored (the precache's second step, precache.ts).
 */
async function saveMethods(podcastId: number, event: ExtendableEvent) {
  const list = await fetchAndSave(`/api/podcasts/${podcastId}/practices?records=1000`);
  if (!list.ok) return;
  const methods = ((await list.json()) as { data: { id: number; emoji: string }[] }).data;
  const ids = methods.map((p) => p.id);
  const emoji = saveEmoji(methods.map((p) => p.emoji)).catch(() => undefined);
  const screens = completePrecache(event).catch(() => undefined);
  const paths = ids.flatMap((id) => [
    `/api/practices/${id}?context=${podcastId}`,
    ...PARTS.map((part) => `/api/practices/${id}/${part}`),
    // 'Passende Methoden' as the method's screen asks for it (features/practices/api).
    `/api/practices/${id}/similarities?context=${podcastId}&limit=${WIDGET_ITEMS}`,
  ]);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      await fetchAndSave(path).catch((error: unknown) => {
        if (error instanceof Error && error.message === 'logged out') next = paths.length;
      });
      if (++done % (PARTS.length + 2) === 0) {
        await tell({ type: 'METHODS_SAVING', done: done / (PARTS.length + 2), total: ids.length });
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker(), emoji, screens]);
  await writeMeta(META.methodsSaved, { at: Date.now(), count: ids.length, podcastId });
  await tell({ type: 'METHODS_SAVING', done: ids.length, total: ids.length });
}

let saving: Promise<void> | undefined;

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type !== 'SAVE_METHODS') return;
  saving ??= saveMethods(message.podcastId, event).finally(() => (saving = undefined));
  event.waitUntil(saving.catch(() => undefined));
});
