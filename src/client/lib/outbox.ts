// The outbox on the page: offline writes (offline-write.ts) queue their requests here, with their
// Idempotency-Key, when the network is off or the request never reached the server; the replay
// (src/browser/outbox-replay.ts) sends them. Refused items stay until retried or discarded.
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { META, offlineDb, readMeta, type OutboxItem } from '../../browser/offline-db.ts';
import { replayNow, requestBackgroundSync, requestPersistentStorage } from './offline-data.ts';

export type OutboxWrite = Pick<
  OutboxItem,
  'kind' | 'vars' | 'url' | 'body' | 'queries' | 'experimentId' | 'label'
>;

/** Queues a write under `key` (the Idempotency-Key its first try was sent with, if any). */
export async function enqueue(write: OutboxWrite, key: string) {
  await offlineDb().outbox.add({
    ...write,
    userId: await readMeta<number>(META.userId),
    key,
    createdAt: Date.now(),
    state: 'pending',
    attempts: 0,
    notBefore: 0,
  });
  requestPersistentStorage();
  await requestBackgroundSync();
}

/** The items still to be sent, in their order (an unreadable store holds none). */
export async function pendingItems(): Promise<OutboxItem[]> {
  try {
    return await offlineDb().outbox.where('state').equals('pending').sortBy('id');
  } catch {
    return [];
  }
}

/** 'Erneut senden' on a refused item: it goes back into the queue and is sent now. */
export async function retryOutboxItem(id: number) {
  await offlineDb().outbox.update(id, { state: 'pending', message: undefined, notBefore: 0 });
  replayNow();
}

/** 'Verwerfen'. */
export async function discardOutboxItem(id: number) {
  await offlineDb().outbox.delete(id);
}

/** Outbox items, following every change (other tabs, the worker): all, or one experiment's. */
export function useOutbox(experimentId?: number): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    const outbox = offlineDb().outbox;
    const subscription = liveQuery(() =>
      experimentId === undefined
        ? outbox.orderBy('id').toArray()
        : outbox.where('experimentId').equals(experimentId).sortBy('id'),
    ).subscribe({ next: setItems, error: () => setItems([]) });
    return () => subscription.unsubscribe();
  }, [experimentId]);
  return items;
}
