// The query cache, persisted to localStorage so the app starts with what it showed last time.
// We use the sync storage persister the design card names: the cache is small (account, lists),
// localStorage is enough, and a synchronous restore lets us restore before the first route loads.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, QueryClient, type DehydrateOptions } from '@tanstack/react-query';
import { persistQueryClientRestore, type PersistedClient } from '@tanstack/react-query-persist-client';
import { isNetworkError, isRefused } from './api/errors.ts';
import { whenIdle } from './lib/idle.ts';

/** How long the cache outlives its last use: an installed app opened offline after a week still starts. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: KEEP_MS,
        // Offline, a query still asks once: the service worker answers from its mirror of the API
        // (sw/mirror.ts); only its retries wait for the network.
        networkMode: 'offlineFirst',
        // 4xx answers won't change by asking again; without a network the cache answers at once
        // (retrying only kept an offline start blank for seconds).
        retry: (count, error) => count < 2 && !isNetworkError(error) && !isRefused(error),
      },
    },
  });
}

const STORAGE_KEY = 'kompass.query-cache';
/** Bump when the shape of a cached response changes; older caches are then dropped. */
const CACHE_VERSION = 'kompass-1';
/** At most one save a second, as the sync storage persister's throttle had it. */
const SAVE_EVERY_MS = 1_000;

/** The admin panel's lists (other people's addresses) are never written to the device. */
const dehydrateOptions: DehydrateOptions = {
  // Keep what a query last showed even when its latest fetch failed (offline): the default keeps
  // only successful queries, which evicted the user after the first offline start.
  shouldDehydrateQuery: (query) => query.state.data !== undefined && query.queryKey[0] !== 'nova',
};

/** The pending save of the cache: the client to save, and whether a save is planned. */
let pending: { queryClient: QueryClient; planned: boolean } | undefined;

function save() {
  // Not planned any more: saved meanwhile, or forgotten (forgetPersistedCache).
  if (!pending?.planned) return;
  const { queryClient } = pending;
  pending.planned = false;
  const client: PersistedClient = {
    buster: CACHE_VERSION,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, dehydrateOptions),
  };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(client));
  } catch {
    // quota or storage gone: the next change tries again
  }
}

/**
 * A change of the cache plans one save: a second later, in an idle moment (Entscheidung LIB-7;
 * persistQueryClient dehydrates the whole cache at every cache event). What changed in the last
 * second is written when the page goes away (reload, close, app switch): a reload right after an
 * answer must not restore the one before (offline, a podcast created a moment ago was missing and
 * the guard sent the user to onboarding).
 */
function planSave(queryClient: QueryClient) {
  pending ??= { queryClient, planned: false };
  if (pending.planned) return;
  pending.planned = true;
  setTimeout(() => whenIdle(save), SAVE_EVERY_MS);
}

function saveWhenLeaving() {
  const flush = () => save();
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

/**
 * Drops the saved cache at once: after a logout or a lockout, a reload must neither show the
 * previous user's data nor take them for signed in.
 */
export function forgetPersistedCache() {
  if (pending) pending.planned = false;
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: nothing saved either
  }
}

/**
 * Restores the persisted cache and keeps saving it. Restored data counts as stale: guards and
 * screens ask the server first and fall back to it only when offline (the session may have
 * ended since, e.g. a logout right before a reload).
 */
export async function persistCache(queryClient: QueryClient) {
  // The sync storage persister reads it (its format is JSON.stringify's, which save() writes).
  const persister = createSyncStoragePersister({ storage: window.localStorage, key: STORAGE_KEY });
  try {
    await persistQueryClientRestore({ queryClient, persister, maxAge: KEEP_MS, buster: CACHE_VERSION });
  } finally {
    const changed = (event: { type: string }) => {
      if (event.type === 'added' || event.type === 'removed' || event.type === 'updated')
        planSave(queryClient);
    };
    queryClient.getQueryCache().subscribe(changed);
    queryClient.getMutationCache().subscribe(changed);
    saveWhenLeaving();
  }
  await queryClient.invalidateQueries({ refetchType: 'none' });
}
