// A first screen's loader asks for the reads src/shared/first-screens.ts declares for it, the list
// the server embeds in the page (Entscheidung CLI-18): each screen module names, per read
// (src/shared/reads.ts, typed by its name), the feature's own query, so the cache keys and
// fetchers stay the features' and a read added to a screen there is prefetched without being
// written again here. A read no query is named for is the components' own (the assistant
// button's tips, a widget that mounts late): it stays in the page for them.
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { AnyRead, ReadName, ReadParams } from '../../../shared/reads.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any feature query's data and key
type Options = FetchQueryOptions<any, Error, any, any>;

/** Per read's name, the feature query that asks for it, from the read's params. */
export type ReadQueries = { [N in ReadName]?: (params: ReadParams<N>) => Options };

/** Starts (not awaited) each of `reads` that `queries` asks for; returns the others. */
export function prefetchReads(queryClient: QueryClient, reads: AnyRead[], queries: ReadQueries) {
  const left: AnyRead[] = [];
  for (const read of reads) {
    const options = queries[read.name] as ((params: AnyRead['params']) => Options) | undefined;
    if (options) void queryClient.prefetchQuery(options(read.params));
    else left.push(read);
  }
  return left;
}
