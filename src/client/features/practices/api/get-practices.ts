import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PracticeOrder, PracticeStatus } from '../../../../shared/podcast-practices.ts';
import type { audienceSize, relevance } from '../../../../shared/vocabulary.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { methodsQueryKey } from './get-practice.ts';

/** The list's filters and order as the URL keeps them (practices.list search params). */
export type PracticeFilters = {
  order?: PracticeOrder;
  status?: PracticeStatus;
  /** Keyword handles; a method matches any of them. */
  keywords?: string[];
  expansion?: (typeof audienceSize.keys)[number];
  relevance?: (typeof relevance.keys)[number];
};

/** The query string of a filter set: empty filters are left out. */
function searchParams(filters: PracticeFilters, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (filters.order) params.set('order', filters.order);
  if (filters.status) params.set('status', filters.status);
  if (filters.keywords?.length) params.set('keywords', filters.keywords.join(','));
  if (filters.expansion) params.set('expansion', filters.expansion);
  if (filters.relevance) params.set('relevance', filters.relevance);
  return params;
}

/**
 * GET /api/podcasts/{id}/practices, a page at a time: 'Mehr Methoden anzeigen' appends the next
 * page while current_page is below last_page (§9).
 */
export const practicesQueryOptions = (podcastId: number, filters: PracticeFilters) =>
  infiniteQueryOptions({
    queryKey: [...methodsQueryKey(podcastId), 'list', filters] as const,
    queryFn: ({ pageParam }) =>
      api
        .get(`api/podcasts/${podcastId}/practices`, { searchParams: searchParams(filters, pageParam) })
        .json()
        .then(
          parseLazily(() =>
            import('../../../../shared/podcast-practices.ts').then((m) => m.podcastPracticesResponse),
          ),
        ),
    initialPageParam: 1,
    getNextPageParam: ({ meta }) => (meta.current_page < meta.last_page ? meta.current_page + 1 : undefined),
    // A new filter keeps the current cards on screen until its first page is there.
    placeholderData: keepPreviousData,
  });

export const usePractices = (podcastId: number, filters: PracticeFilters) =>
  useInfiniteQuery(practicesQueryOptions(podcastId, filters));
