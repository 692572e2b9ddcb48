// The query cache, persisted to localStorage so the app starts with what it showed last time.
// We use the sync storage persister the design card names: the cache is small (account, lists),
// localStorage is enough, and a synchronous restore lets us restore before the first route loads.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClient,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { httpStatus, isNetworkError } from './api/errors.ts';

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
        retry: (count, error) => {
          const status = httpStatus(error);
          return count < 2 && !isNetworkError(error) && (status === undefined || status >= 500);
        },
      },
    },
  });
}

const STORAGE_KEY = 'kompass.query-cache';

/** The cache's latest state the throttled persister has not written yet. */
let unsaved: PersistedClient | undefined;

/**
 * The sync storage persister writes at most once a second. What changed in that last second is
 * written when the page goes away (reload, close, app switch), else a reload right after an answer
 * restored the one before: offline, a podcast created a moment ago was missing and the guard sent
 * the user to onboarding (CI, 2026-11-26).
 */
function flushingPersister(storage: Storage): Persister {
  const throttled = createSyncStoragePersister({ storage, key: STORAGE_KEY });
  const flush = () => {
    if (!unsaved) return;
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(unsaved));
    } catch {
      // quota or storage gone: the throttled write tries again
    }
    unsaved = undefined;
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  return {
    ...throttled,
    persistClient: (client) => {
      unsaved = client;
      return throttled.persistClient(client);
    },
  };
}

/**
 * Drops the saved cache at once (the persister writes at most once a second): after a logout or a
 * lockout, a reload must neither show the previous user's data nor take them for signed in.
 */
export function forgetPersistedCache() {
  unsaved = undefined;
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: nothing saved either
  }
}

/** Bump when the shape of a cached response changes; older caches are then dropped. */
const CACHE_VERSION = 'kompass-1';

/**
 * Restores the persisted cache and keeps saving it. Restored data counts as stale: guards and
 * screens ask the server first and fall back to it only when offline (the session may have
 * ended since, e.g. a logout right before a reload).
 */
export function persistCache(queryClient: QueryClient) {
  const [, restored] = persistQueryClient({
    queryClient,
    persister: flushingPersister(window.localStorage),
    maxAge: KEEP_MS,
    buster: CACHE_VERSION,
    // Keep what a query last showed even when its latest fetch failed (offline): the default keeps
    // only successful queries, which evicted the user after the first offline start.
    // The admin panel's lists (other people's addresses) are never written to the device.
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.data !== undefined && query.queryKey[0] !== 'nova',
    },
  });
  return restored.then(() => queryClient.invalidateQueries({ refetchType: 'none' }));
}
