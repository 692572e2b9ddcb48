// Writes that may wait for the network (action toggles, comments): sent at once when online, else
// (or when the request never reached the server) put into the outbox with their Idempotency-Key
// and shown as 'wartet auf Verbindung' until the replay has sent them.
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { META, offlineDb, readMeta, type OutboxItem } from '../../shared/offline/offline-db.ts';
import { isNetworkError } from '../api/errors.ts';
import { isOffline } from './connectivity.ts';
import { replayNow, requestBackgroundSync, requestPersistentStorage } from './offline-data.ts';

export type OutboxWrite = Pick<OutboxItem, 'kind' | 'url' | 'body' | 'experimentId' | 'actionId' | 'label'>;

/** Marks a write that went to the outbox instead of the server. */
export const QUEUED = { queued: true } as const;

async function enqueue(write: OutboxWrite, key: string) {
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

/**
 * Sends `write` through `send` (with a fresh Idempotency-Key) or queues it. A write whose request
 * failed on the way is queued with the same key: if it did reach the server, the replay is
 * answered from the server's record instead of being applied again.
 */
export async function sendOrQueue<T>(
  write: OutboxWrite,
  send: (idempotencyKey: string) => Promise<T>,
): Promise<T | typeof QUEUED> {
  const key = crypto.randomUUID();
  if (!isOffline()) {
    try {
      return await send(key);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
    }
  }
  await enqueue(write, key);
  return QUEUED;
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
