// The offline store (offline-schema.ts) through `idb`, for the service worker and the outbox
// replay: the same IndexedDB the page opens with dexie, with the same stores and indexes, so
// whichever opens it first creates what the other expects, and an existing user's data stays as
// it is. Tested against dexie in tests/browser/offline-store.test.ts.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  OFFLINE_DB_NAME,
  OFFLINE_DB_VERSION,
  OFFLINE_STORES,
  type MetaEntry,
  type MirrorEntry,
  type OutboxItem,
} from './offline-schema.ts';

export interface OfflineSchema extends DBSchema {
  mirror: { key: string; value: MirrorEntry; indexes: { usedAt: number } };
  outbox: { key: number; value: OutboxItem; indexes: { state: string; experimentId: number } };
  meta: { key: string; value: MetaEntry };
}

export type OfflineStore = IDBPDatabase<OfflineSchema>;

/** Creates the stores as dexie does from its notation: the key first (`++`: auto-incremented), then indexes. */
function createStores(db: IDBPDatabase<unknown>) {
  for (const [name, spec] of Object.entries(OFFLINE_STORES)) {
    if (db.objectStoreNames.contains(name)) continue;
    const [key, ...indexes] = spec.split(',').map((part) => part.trim());
    const autoIncrement = key!.startsWith('++');
    const store = db.createObjectStore(name, { keyPath: key!.replace(/^\+\+/, ''), autoIncrement });
    for (const index of indexes) store.createIndex(index, index);
  }
}

let opening: Promise<OfflineStore> | undefined;

/** The one connection of this context; it gives way when the page's dexie opens a newer version. */
export function offlineStore(): Promise<OfflineStore> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION * 10, {
    upgrade: (db) => createStores(db as IDBPDatabase<unknown>),
    blocking() {
      void opening?.then((db) => db.close());
      opening = undefined;
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

export async function writeMeta(key: string, value: unknown) {
  await (await offlineStore()).put('meta', { key, value });
}

/** The outbox items still to be sent, in the order they were made. */
export async function pendingOutboxItems(): Promise<OutboxItem[]> {
  const items = await (await offlineStore()).getAllFromIndex('outbox', 'state', 'pending');
  return items.sort((a, b) => a.id! - b.id!);
}

/** Changes an outbox item, if it is still there (another tab may have sent or discarded it). */
export async function updateOutboxItem(id: number, changes: Partial<OutboxItem>) {
  const tx = (await offlineStore()).transaction('outbox', 'readwrite');
  const item = await tx.store.get(id);
  if (item) await tx.store.put({ ...item, ...changes });
  await tx.done;
}

export async function deleteOutboxItem(id: number) {
  await (await offlineStore()).delete('outbox', id);
}
