// The page's side of the offline store (src/browser/offline-db.ts): it is one user's,
// cleared on logout and when another user logs in; the outbox is replayed when the server can be
// reached again (offline/connectivity.ts: the `online` event, or its first answer after being out of
// reach), at app start and after login (by the service worker, or here where none controls the page).
import type { QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { User } from '../../shared/account.ts';
import { OUTBOX_SYNC_TAG, type PageMessage, type WorkerMessage } from '../../browser/messages.ts';
import {
  announceStoreChange,
  clearOfflineDb,
  META,
  offlineDb,
  readMeta,
  type OutboxItem,
} from '../../browser/offline-db.ts';
import { writeMeta } from '../../browser/offline-store.ts';
import { replayOutbox } from '../../browser/outbox-replay.ts';
import { onReconnect } from './connectivity.ts';
import { refetchReplayed } from './worker-replays.ts';

function postToWorker(message: WorkerMessage): boolean {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return false;
  worker.postMessage(message);
  return true;
}

/** The query client `watchOfflineData` follows the outbox for. */
let followed: QueryClient | undefined;

/**
 * Sends what waits in the outbox now: through the worker (its message refetches what the replay
 * changed, offline/worker-replays.ts), or here where none controls the page.
 */
export function replayNow() {
  if (postToWorker({ type: 'OUTBOX_REPLAY' })) return;
  void replayOutbox({ force: true })
    .then((result) => followed && refetchReplayed(followed, result.queries))
    .finally(announceStoreChange)
    .catch(() => undefined);
}

// The worker writes the store through idb, which this page's live queries (dexie) do not see: its
// messages say when it did (a replay ran; the methods are saved).
globalThis.navigator?.serviceWorker?.addEventListener(
  'message',
  (event: MessageEvent<PageMessage | null>) => {
    const message = event.data;
    if (message?.type === 'OUTBOX_CHANGED') announceStoreChange();
    if (message?.type === 'METHODS_SAVING' && message.done >= message.total) announceStoreChange();
  },
);

/**
 * Follows the outbox, whoever changes it (this tab, another, the worker): the queries of an item
 * that came, went or changed its state refetch, so the cache shows the server's state plus what
 * still waits (src/client/offline/offline-write.ts).
 */
function followOutbox(client: QueryClient) {
  let known = new Map<number, OutboxItem>();
  const refresh = (items: OutboxItem[]) => {
    const now = new Map(items.map((item) => [item.id!, item]));
    const touched = [
      ...items.filter((item) => known.get(item.id!)?.state !== item.state),
      ...[...known.values()].filter((item) => !now.has(item.id!)),
    ];
    known = now;
    const queries = new Map(touched.flatMap((item) => item.queries ?? []).map((k) => [JSON.stringify(k), k]));
    for (const queryKey of queries.values()) void client.invalidateQueries({ queryKey });
  };
  // The worker's replay reaches it through its message (above).
  liveQuery(() => offlineDb().outbox.toArray()).subscribe({ next: refresh, error: () => undefined });
}

/** Asks for Background Sync (Chromium), so the worker replays even when no tab is open. */
export async function requestBackgroundSync() {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // not supported or not allowed: the `online` event and app start replay instead
  }
}

let persistAsked = false;

/**
 * Asks once per page load for storage the browser won't evict, when the user relies on it: saving
 * methods for offline or writing while offline (asking at every start would be noise).
 */
export function requestPersistentStorage() {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

/** Logout: nothing of this user stays on the device. */
export async function forgetOfflineData() {
  await clearOfflineDb().catch(() => undefined);
}

/** A user is known: another user's data goes; the same user's outbox (expired session) is sent. */
async function adoptUser(user: User) {
  const previous = await readMeta<number>(META.userId);
  if (previous !== undefined && previous !== user.id) await clearOfflineDb();
  if (previous !== user.id) await writeMeta(META.userId, user.id);
  replayNow();
}

export function watchOfflineData(client: QueryClient) {
  followed = client;
  let userId: number | undefined;
  const follow = (user: User | null | undefined) => {
    if (!user || user.id === userId) {
      if (!user) userId = undefined;
      return;
    }
    userId = user.id;
    void adoptUser(user).catch(() => undefined);
  };
  follow(client.getQueryData<User | null>(['account']));
  client.getQueryCache().subscribe((event) => {
    // The account query itself (['account']), not the others under it (['account', 'assistances'],
    // ['account', 'offerings']): their answers have no user id, and taking one for a user who
    // changed would clear the mirror and the outbox (Entscheidung OFF-1).
    if (
      event.type === 'updated' &&
      event.query.queryKey.length === 1 &&
      event.query.queryKey[0] === 'account' &&
      event.action.type === 'success'
    ) {
      follow(event.action.data as User | null);
    }
  });
  onReconnect(replayNow);
  followOutbox(client);
}

export type MethodsSaved = { at: number; count: number; podcastId: number };

/** Asks the worker to save every method with its parts (sw/mirror.ts); false without a worker. */
export async function saveMethodsForOffline(podcastId: number): Promise<boolean> {
  const registration = await navigator.serviceWorker?.ready;
  if (!registration?.active) return false;
  requestPersistentStorage();
  registration.active.postMessage({ type: 'SAVE_METHODS', podcastId } satisfies WorkerMessage);
  return true;
}

export const readMethodsSaved = () => readMeta<MethodsSaved>(META.methodsSaved);

/** When the methods were last saved for offline, following changes. */
export function useMethodsSaved(): MethodsSaved | undefined {
  const [saved, setSaved] = useState<MethodsSaved>();
  useEffect(() => {
    const subscription = liveQuery(readMethodsSaved).subscribe({
      next: setSaved,
      error: () => setSaved(undefined),
    });
    return () => subscription.unsubscribe();
  }, []);
  return saved;
}

/** The worker's progress while it saves methods. */
export function useMethodsSaving(): { done: number; total: number } | undefined {
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  useEffect(() => {
    const onMessage = (event: MessageEvent<PageMessage | null>) => {
      if (event.data?.type === 'METHODS_SAVING') {
        const { done, total } = event.data;
        setProgress(done < total ? { done, total } : undefined);
      }
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => navigator.serviceWorker?.removeEventListener('message', onMessage);
  }, []);
  return progress;
}

/** On Wi-Fi or a cable (Network Information API, Chromium on Android) and without data saving. */
export function onUnmeteredNetwork(): boolean {
  const connection = (navigator as Navigator & { connection?: { type?: string; saveData?: boolean } })
    .connection;
  return !connection?.saveData && (connection?.type === 'wifi' || connection?.type === 'ethernet');
}
