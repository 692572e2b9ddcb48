// Older pages of a bounded list (shared/api.ts olderQuery: the server sends the newest page and
// `meta.before`, the cursor of the page before it). Entscheidung LIB-5: the first page stays the
// plain query it was (same key, fetcher, boot answer, offline copy and outbox merge); its fetcher
// only notes the cursor here (`noteOlder`). What „Ältere anzeigen“ loads is a second, additive
// query under ['older', …the list's key, 'pages', cursor]: outside the list's key, so a refetch
// of the list (a new comment, a step ticked) leaves the older pages alone. Older entries do not
// change, so those pages are never stale; they are persisted like the rest of the cache and,
// offline, the service worker's copy answers a page seen before.
import { QueryClient, skipToken, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

type Key = readonly unknown[];
export type Page<T> = { data: T[]; meta?: { before: number | null } };
/** What useOlderPages gives a list and its OlderButton. */
export type OlderPages<T> = {
  /** The older pages, the one right before the first page first. */
  pages: T[][];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  more: () => void;
};

/** A page's request options: none for the newest page, `?before=` for the one before that entry. */
export const olderParams = (before?: number) =>
  before === undefined ? undefined : { searchParams: { before } };

/** The entries of `older` that the first page does not hold (a refetch may overlap them). */
export function without<T extends { id: number }>(first: T[], older: T[]) {
  const ids = new Set(first.map((e) => e.id));
  return older.filter((e) => !ids.has(e.id));
}

const cursorKey = (key: Key) => ['older', ...key, 'cursor'] as const;
const pagesKey = (key: Key, cursor: number | null | undefined) => ['older', ...key, 'pages', cursor] as const;

/** For the first page's fetcher: the cursor of the page before it (null: none; undefined: unknown). */
export function noteOlder(client: QueryClient, key: Key, meta: Page<unknown>['meta']) {
  const before = meta?.before;
  if (before === undefined || client.getQueryData(cursorKey(key)) === before) return;
  client.setQueryData(cursorKey(key), before);
}

/**
 * The pages older than the list under `key`, loaded one at a time on `more()`, oldest last.
 * When the first page's cursor moves (a new entry pushed its oldest one out), the pages are
 * fetched again from the new cursor, as many as were shown, so nothing falls between them.
 */
export function useOlderPages<T>(key: Key, fetchPage: (before: number) => Promise<Page<T>>): OlderPages<T> {
  const client = useQueryClient();
  const cursor = useQuery({ queryKey: cursorKey(key), queryFn: skipToken }).data as number | null | undefined;
  const options = {
    queryKey: pagesKey(key, cursor),
    queryFn: ({ pageParam }: { pageParam: number }) => fetchPage(pageParam),
    initialPageParam: cursor ?? 0,
    getNextPageParam: (page: Page<T>) => page.meta?.before ?? undefined,
    staleTime: Infinity,
  };
  // Only „Ältere anzeigen“ fetches (fetchNextPage works on a disabled query).
  const pages = useInfiniteQuery({ ...options, enabled: false });
  const keyText = JSON.stringify(key);

  useEffect(() => {
    const others = client
      .getQueryCache()
      .findAll({ queryKey: ['older', ...key, 'pages'] })
      .filter((q) => q.queryKey.at(-1) !== cursor);
    if (others.length === 0) return;
    const shown = Math.max(...others.map((q) => (q.state.data as { pages?: unknown[] })?.pages?.length ?? 0));
    const drop = () => others.forEach((q) => client.removeQueries({ queryKey: q.queryKey, exact: true }));
    if (shown > 0 && typeof cursor === 'number' && !client.getQueryData(options.queryKey))
      void client.prefetchInfiniteQuery({ ...options, pages: shown }).then(drop);
    else drop();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key by its value
  }, [client, keyText, cursor]);

  const loaded = pages.data?.pages ?? [];
  const hasMore = typeof cursor === 'number' && (loaded.length === 0 || pages.hasNextPage);
  return {
    pages: loaded.map((p) => p.data),
    hasMore,
    loading: pages.isFetching,
    failed: pages.isError,
    more: () => void pages.fetchNextPage(),
  };
}
