// A first screen's loader asks for the reads src/shared/first-screens.ts declares for it, the list
// the server embeds in the page (decision 2026-12-01): each screen module maps the shape of a read
// (its path and query, the ids in groups) to the feature's own query, so the cache keys and
// fetchers stay the features' and a read added to a screen there is prefetched without being
// written again here. Before, every loader listed its calls beside the shared list and only a
// browser journey held the two together. A read no shape matches is the components' own (the
// assistant button's tips, a widget that mounts late): it stays in the page for them.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** The numbers in a shape's groups, in order (no shape has more than three). */
type Ids = readonly [number, number, number];

/** One read's shape and how its feature asks for it, with the path's ids as numbers. */
export type ReadQuery = readonly [shape: RegExp, prefetch: (queryClient: QueryClient, ids: Ids) => unknown];

/** A read whose feature query is a plain one (not paged). */
export function read<TData, TKey extends QueryKey>(
  shape: RegExp,
  options: (ids: Ids) => FetchQueryOptions<TData, Error, TData, TKey>,
): ReadQuery {
  return [shape, (queryClient, ids) => queryClient.prefetchQuery(options(ids))];
}

/** The query of `queries` that asks for `url`, with its ids; undefined when none does. */
export function readQuery(url: string, queries: readonly ReadQuery[]) {
  for (const [shape, prefetch] of queries) {
    const match = shape.exec(url);
    if (match) return { prefetch, ids: match.slice(1).map(Number) as unknown as Ids };
  }
  return undefined;
}

/** Starts (not awaited) each of `urls` that `queries` asks for; returns the others. */
export function prefetchReads(queryClient: QueryClient, urls: string[], queries: readonly ReadQuery[]) {
  const left: string[] = [];
  for (const url of urls) {
    const found = readQuery(url, queries);
    if (found) void found.prefetch(queryClient, found.ids);
    else left.push(url);
  }
  return left;
}
