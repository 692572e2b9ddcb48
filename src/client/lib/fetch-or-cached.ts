import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isNetworkError } from '../api/errors.ts';
import { isOffline, setServerReachable } from './connectivity.ts';

/**
 * For guards: the query's data if fresh, else from the server; offline, or when the server can't
 * be reached, whatever the cache holds (undefined if nothing) at once, so the installed app opens
 * offline without waiting for retries.
 */
export async function fetchOrCached<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData | undefined> {
  if (isOffline()) return queryClient.getQueryData<TData>(options.queryKey);
  try {
    const data = await queryClient.fetchQuery(options);
    setServerReachable(true);
    return data;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    setServerReachable(false);
    return queryClient.getQueryData<TData>(options.queryKey);
  }
}
