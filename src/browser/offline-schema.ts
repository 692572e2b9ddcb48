// The device's offline store, described once for its two clients (Entscheidung BRW-1):
// the page reads and writes it through dexie (offline-db.ts: live queries for the outbox and the
// saved methods), the service worker and the outbox replay through `idb` (offline-store.ts), a
// thin wrapper of IndexedDB: dexie was 100 of the worker's 132 KB, fetched at every first visit
// beside the dashboard's own files. Both open the IndexedDB `kompass-offline` with these stores.
// No dexie here, nor in anything the worker imports.
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
 * writes (src/client/offline/offline-write.ts) make it; the replay needs only the request.
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
  /** When the server last said "wait" (5xx, 409, 429) to it: no forced try either for a moment. */
  waitSaidAt?: number;
};

export type MetaEntry = { key: string; value: unknown };

export const OFFLINE_DB_NAME = 'kompass-offline';

/**
 * The schema in dexie's notation (`++id`: an auto-incremented key; then the indexes). dexie's
 * version 1 is IndexedDB version 10 (dexie multiplies by ten); a new version of the schema goes
 * here, for both clients at once.
 */
export const OFFLINE_DB_VERSION = 1;
export const OFFLINE_STORES = {
  mirror: 'url, usedAt',
  outbox: '++id, state, experimentId',
  meta: 'key',
} as const;

/** Meta keys. */
export const META = {
  /** The user whose data (mirror, outbox) this is. */
  userId: 'userId',
  /** The last replay met a 401: the outbox waits for a login. */
  needsLogin: 'needsLogin',
  /** `{ at, count, total }` of the last 'Für offline speichern'. */
  methodsSaved: 'methodsSaved',
} as const;
