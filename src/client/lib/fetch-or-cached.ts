import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isNetworkError } from '../api/errors.ts';
import { isOffline, setServerReachable } from '../offline/connectivity.ts';

/**
 * For guards: the query's data if fresh, else from the server; offline, or when the server can't
 * be reached, whatever the cache holds (undefined if nothing) at once, so the installed app opens
 * offline without waiting for retries.
 * A read that succeeds says nothing of the server here (2026-12-07): the answer may be the
 * service worker's offline copy, or the fresh cache with no request at all. Whether the server
 * answered is the API client's to tell (`noteAnswer`, offline/connectivity.ts); marking it
 * reachable here ended the offline state while the server was gone, whenever a guard's read
 * (`cachedOnStart`'s beside the cached copy) came in after the screen's own.
 */
export async function fetchOrCached<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData | undefined> {
  if (isOffline()) return queryClient.getQueryData<TData>(options.queryKey);
  try {
    return await queryClient.fetchQuery(options);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    setServerReachable(false);
    return queryClient.getQueryData<TData>(options.queryKey);
  }
}

/** True until the app's first screen has rendered (main.tsx ends it). */
let starting = true;

export function endStart() {
  starting = false;
}

/**
 * For the guards of the first screen a returning user opens: what the persisted cache
 * restored, at once, while the server is asked beside it; the screen paints with its data before
 * any answer. Should the session have ended meanwhile, the probe's answer says so and
 * `watchSession` (lib/session.ts) sends the user to login. Only a copy that lets the screen show
 * (`usable`) is taken: one that would send elsewhere (no user, no podcast: the podcast may have
 * been made on another device since) waits for the server. Without one, and after the start, as
 * `fetchOrCached` (Entscheidung LIB-1).
 */
export async function cachedOnStart<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  usable: (data: TData) => boolean = () => true,
): Promise<TData | undefined> {
  const cached = queryClient.getQueryData<TData>(options.queryKey);
  if (!starting || cached === undefined || cached === null || !usable(cached))
    return fetchOrCached(queryClient, options);
  void fetchOrCached(queryClient, options).catch(() => undefined);
  return cached;
}
