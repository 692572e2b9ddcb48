// What page and service worker tell each other about the offline store (no dexie here: the
// API client imports this on every page).
/** Set by the service worker on an answer it served from the mirror: when the server sent it (ISO). */
export const OFFLINE_COPY_HEADER = 'x-kompass-offline-copy';
/**
 * Set by the service worker on a copy it served while the browser was online, before the server
 * answered (a method part, stale-while-revalidate): it says nothing about whether the server can
 * be reached, so it never clears the offline state (Entscheidung BRW-4).
 */
export const CACHED_COPY_HEADER = 'x-kompass-cached-copy';

/** The Background Sync tag the page registers and the worker replays the outbox on. */
export const OUTBOX_SYNC_TAG = 'kompass-outbox';

/** Messages between page and service worker. */
export type WorkerMessage =
  { type: 'OUTBOX_REPLAY' } | { type: 'SAVE_METHODS'; podcastId: number } | { type: 'CLEAR_OFFLINE' };
export type PageMessage =
  | { type: 'OUTBOX_CHANGED'; needsLogin: boolean; queries: unknown[][] }
  | { type: 'METHODS_SAVING'; done: number; total: number };
