// The outbox on the page: offline writes (offline-write.ts) queue their requests here, with their
// Idempotency-Key, when the network is off or the request never reached the server; the replay
// (src/browser/outbox-replay.ts) sends them. Refused items stay until retried or discarded.
//
// The offline store (dexie, 31 KB gzipped) loads here when the outbox is first used, not with the
// screens that import this file (Entscheidung OFF-3).
import { useEffect, useState } from 'react';
import type { OutboxItem } from '../../browser/offline-db.ts';
import { isOffline, onReconnect } from './connectivity.ts';
import { firstScreenSettled } from '../lib/first-screen.ts';

const store = () => import('../../browser/offline-db.ts');
const offlineData = () => import('./offline-data.ts');

/**
 * Whether the outbox may hold pending items, without opening it: the page counts the writes it
 * queues (only the page queues; the worker only sends and removes) and notes the count at which it
 * last found none pending. Equal counts: nothing is pending, and the experiments' fetchers
 * (withPending) don't load the offline store before the first paint. The count goes up before and
 * after an item is added, so a read in another tab meanwhile never notes a stale 'none'. Items
 * queued by an earlier version of the app show once the store has loaded.
 */
const QUEUED_COUNT = 'kompass-outbox-queued';
const EMPTY_AT = 'kompass-outbox-empty-at';
const count = (key: string) => {
  try {
    return localStorage.getItem(key) ?? '0';
  } catch {
    return undefined;
  }
};
function countQueued() {
  try {
    localStorage.setItem(QUEUED_COUNT, String(Number(count(QUEUED_COUNT)) + 1));
  } catch {
    // No storage: pendingItems always reads the outbox.
  }
}

export type OutboxWrite = Pick<
  OutboxItem,
  'kind' | 'vars' | 'url' | 'body' | 'queries' | 'experimentId' | 'label'
>;

/** Queues a write under `key` (the Idempotency-Key its first try was sent with, if any). */
export async function enqueue(write: OutboxWrite, key: string) {
  const [{ META, offlineDb, readMeta }, { requestBackgroundSync, requestPersistentStorage }] =
    await Promise.all([store(), offlineData()]);
  countQueued();
  await offlineDb().outbox.add({
    ...write,
    userId: await readMeta<number>(META.userId),
    key,
    createdAt: Date.now(),
    state: 'pending',
    attempts: 0,
    notBefore: 0,
  });
  countQueued();
  requestPersistentStorage();
  await requestBackgroundSync();
}

/** False when the counts say that nothing is pending (see QUEUED_COUNT). */
function mayHoldPending() {
  const queued = count(QUEUED_COUNT);
  return queued === undefined || count(EMPTY_AT) !== queued;
}

/** The items still to be sent, in their order (an unreadable store holds none). */
export async function pendingItems(): Promise<OutboxItem[]> {
  const queued = count(QUEUED_COUNT);
  if (!mayHoldPending()) return [];
  try {
    const { offlineDb } = await store();
    const items = await offlineDb().outbox.where('state').equals('pending').sortBy('id');
    if (items.length === 0 && queued !== undefined) localStorage.setItem(EMPTY_AT, queued);
    return items;
  } catch {
    return [];
  }
}

/** 'Erneut senden' on a refused item: it goes back into the queue and is sent now. */
export async function retryOutboxItem(id: number) {
  const [{ offlineDb }, { replayNow }] = await Promise.all([store(), offlineData()]);
  countQueued();
  await offlineDb().outbox.update(id, {
    state: 'pending',
    message: undefined,
    notBefore: 0,
    waitSaidAt: undefined,
  });
  countQueued();
  replayNow();
}

/** 'Verwerfen'. */
export async function discardOutboxItem(id: number) {
  const { offlineDb } = await store();
  await offlineDb().outbox.delete(id);
}

/**
 * Outbox items, following every change (other tabs, the worker): all, or one experiment's. Online,
 * with nothing pending, the store opens once the first screen has settled (Entscheidung OFF-3);
 * refused items show a moment later then.
 */
export function useOutbox(experimentId?: number): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    let stopRetry: (() => void) | undefined;
    const follow = () =>
      store().then(
        ({ offlineDb, liveQuery }) => {
          if (stopped) return;
          const outbox = offlineDb().outbox;
          subscription = liveQuery(() =>
            experimentId === undefined
              ? outbox.orderBy('id').toArray()
              : outbox.where('experimentId').equals(experimentId).sortBy('id'),
          ).subscribe({ next: setItems, error: () => setItems([]) });
        },
        // Offline with the store's code not cached: again once the network is back.
        () => {
          setItems([]);
          stopRetry = onReconnect(() => {
            stopRetry?.();
            if (!stopped) void follow();
          });
        },
      );
    const ready = isOffline() || mayHoldPending() ? Promise.resolve() : firstScreenSettled;
    void ready.then(follow);
    return () => {
      stopped = true;
      stopRetry?.();
      subscription?.unsubscribe();
    };
  }, [experimentId]);
  return items;
}
