import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isNetworkError } from '../api/errors.ts';

/**
 * For guards: the query's data if fresh, else from the server; when the server can't be reached,
 * whatever the cache holds (undefined if nothing), so the installed app opens offline.
 */
export async function fetchOrCached<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData | undefined> {
  try {
    return await queryClient.fetchQuery(options);
  } catch (error) {
    if (isNetworkError(error)) return queryClient.getQueryData<TData>(options.queryKey);
    throw error;
  }
}
