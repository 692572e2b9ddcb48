// The page's side of the offline store (src/browser/offline-schema.ts) through dexie: its live
// queries follow the outbox and the saved methods. The service worker and the outbox replay write
// through `idb` (offline-store.ts), which dexie does not see: their changes reach the live queries
// through `announceStoreChange`, called when the worker says it changed something.
import { Dexie, RangeSet, type EntityTable } from 'dexie';
import {
  META,
  OFFLINE_DB_NAME,
  OFFLINE_DB_VERSION,
  OFFLINE_STORES,
  type MetaEntry,
  type MirrorEntry,
  type OutboxItem,
} from './offline-schema.ts';

export { META, type MetaEntry, type MirrorEntry, type OutboxItem };
/**
 * The page's live queries take dexie's from here, with the store (Entscheidung BRW-5).
 */
export { liveQuery } from 'dexie';

export type OfflineDb = Dexie & {
  mirror: EntityTable<MirrorEntry, 'url'>;
  outbox: EntityTable<OutboxItem, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
};

let instance: OfflineDb | undefined;

/** The one connection of this page. */
export function offlineDb(): OfflineDb {
  if (instance) return instance;
  // No query cache: a live query must read again what the worker wrote (`announceStoreChange`).
  const db = new Dexie(OFFLINE_DB_NAME, { cache: 'disabled' }) as OfflineDb;
  db.version(OFFLINE_DB_VERSION).stores(OFFLINE_STORES);
  instance = db;
  return db;
}

/**
 * Re-runs this page's live queries (and, through dexie's broadcast, other tabs'), after the store
 * was written without dexie: by the service worker or this page's outbox replay.
 */
export function announceStoreChange() {
  Dexie.on('storagemutated').fire({ all: new RangeSet(-Infinity, [[]]) });
}

/** Read through dexie, so a live query around it follows changes. */
export async function readMeta<T>(key: string): Promise<T | undefined> {
  return (await offlineDb().meta.get(key))?.value as T | undefined;
}

/** Forgets everything of the previous user: mirror, outbox and state. */
export async function clearOfflineDb() {
  const db = offlineDb();
  await db.transaction('rw', db.mirror, db.outbox, db.meta, async () => {
    await Promise.all([db.mirror.clear(), db.outbox.clear(), db.meta.clear()]);
  });
}
