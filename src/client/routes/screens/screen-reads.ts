// A first screen's loader asks for the reads src/shared/first-screens.ts declares for it, the list
// the server embeds in the page (decision 2026-12-01): each screen module names, per read
// (src/shared/reads.ts, typed by its name), the feature's own query, so the cache keys and
// fetchers stay the features' and a read added to a screen there is prefetched without being
// written again here. The components' own reads too (the assistant button's tips, a widget's
// settings): asked for only once they had mounted, their answers rendered the screen again.
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { Selected } from '../../../shared/first-screens.ts';
import type { AnyRead, ReadName, ReadParams } from '../../../shared/reads.ts';
import { assistancesQueryOptions } from '../../features/assistances/api/get-assistances.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any feature query's data and key
type Options = FetchQueryOptions<any, Error, any, any>;

/** Per read's name, the feature query that asks for it, from the read's params. */
export type ReadQueries = { [N in ReadName]?: (params: ReadParams<N>) => Options };

/**
 * The assistant button's tips, asked for by every screen's loader (Entscheidung LIB-7): asked for
 * only when the button mounted, their answer came after the first render and rendered the screen's
 * frame again in one blocking task. Basic podcasts have none (the server refuses them).
 */
export const tipsQuery = (podcast: Selected): ReadQueries =>
  podcast.active ? { assistances: ({ podcast: id }) => assistancesQueryOptions(id) } : {};

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
