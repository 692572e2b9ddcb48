// The device's offline store (IndexedDB through dexie), one schema for the service worker and the
// page: the mirror of API answers the worker saves as they pass, the outbox of writes made
// offline, and a little state (whose data it is, when the methods were saved).
import { Dexie, type EntityTable } from 'dexie';

/** One GET answer as the server last sent it. */
export type MirrorEntry = {
  /** Path and query, e.g. `/api/practices/3/content`. */
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** When the server sent it (ms). */
  savedAt: number;
  /** When it was last served or saved; the least recently used go first when the mirror is full. */
  usedAt: number;
};

/**
 * A write made offline, sent in the order of `id` when the network is back. The page's offline
 * writes (src/client/lib/offline-write.ts) make it; the replay needs only the request.
 */
export type OutboxItem = {
  id?: number;
  /** Idempotency-Key: a resend after a lost answer is replayed by the server, not applied again. */
  key: string;
  /** The name of the offline write that made it. */
  kind: string;
  /** What the write was called with: the page re-applies it to its cache while the item waits. */
  vars?: unknown;
  /** The request: POST to this API path, with `body` as JSON (none when undefined). */
  url: string;
  body?: unknown;
  /** Query keys the page refetches once the item has left the queue (sent or refused). */
  queries?: unknown[][];
  /** The experiment it belongs to (its page marks the item as waiting). */
  experimentId: number;
  /** What the user did, in German, for the list of refused changes. */
  label: string;
  /** Who made it: sent only in that user's session, never in another's who signs in meanwhile. */
  userId?: number;
  createdAt: number;
  /** `refused`: the server said no (4xx); kept, with its message, until the user retries or discards. */
  state: 'pending' | 'refused';
  message?: string;
  attempts: number;
  /** No automatic retry before this (backoff after a network error or 5xx). */
  notBefore: number;
};

export type MetaEntry = { key: string; value: unknown };

export const OFFLINE_DB_NAME = 'kompass-offline';

export type OfflineDb = Dexie & {
  mirror: EntityTable<MirrorEntry, 'url'>;
  outbox: EntityTable<OutboxItem, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
};

let instance: OfflineDb | undefined;

/** The one connection of this context (page or worker). */
export function offlineDb(): OfflineDb {
  if (instance) return instance;
  const db = new Dexie(OFFLINE_DB_NAME) as OfflineDb;
  db.version(1).stores({ mirror: 'url, usedAt', outbox: '++id, state, experimentId', meta: 'key' });
  instance = db;
  return db;
}

/** Meta keys. */
export const META = {
  /** The user whose data (mirror, outbox) this is. */
  userId: 'userId',
  /** The last replay met a 401: the outbox waits for a login. */
  needsLogin: 'needsLogin',
  /** `{ at, count, total }` of the last 'Für offline speichern'. */
  methodsSaved: 'methodsSaved',
} as const;

export async function readMeta<T>(key: string): Promise<T | undefined> {
  return (await offlineDb().meta.get(key))?.value as T | undefined;
}

export async function writeMeta(key: string, value: unknown) {
  await offlineDb().meta.put({ key, value });
}

/** Forgets everything of the previous user: mirror, outbox and state. */
export async function clearOfflineDb() {
  const db = offlineDb();
  await db.transaction('rw', db.mirror, db.outbox, db.meta, async () => {
    await Promise.all([db.mirror.clear(), db.outbox.clear(), db.meta.clear()]);
  });
}
