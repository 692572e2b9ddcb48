import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PracticeOrder, PracticeStatus } from '../../../../shared/podcast-practices.ts';
import type { audienceSize, relevance } from '../../../../shared/vocabulary.ts';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
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

/** The query's params of a filter set: empty filters are left out. */
const searchParams = (filters: PracticeFilters) => ({
  order: filters.order || undefined,
  status: filters.status || undefined,
  keywords: filters.keywords?.length ? filters.keywords.join(',') : undefined,
  expansion: filters.expansion || undefined,
  relevance: filters.relevance || undefined,
});

/**
 * GET /api/podcasts/{id}/practices, a page at a time: 'Mehr Methoden anzeigen' appends the next
 * page while current_page is below last_page (§9).
 */
export const practicesQueryOptions = (podcastId: number, filters: PracticeFilters) =>
  infiniteQueryOptions({
    queryKey: [...methodsQueryKey(podcastId), 'list', filters] as const,
    queryFn: ({ pageParam }) =>
      api
        .read(READS.practices({ podcast: podcastId, ...searchParams(filters), page: pageParam }))
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
