import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const episodesQueryKey = (podcastId: number) => ['podcast', podcastId, 'episodes'] as const;

/** GET /api/podcasts/{id}/episodes?page=n: newest first, `data` plus pagination `meta`. */
export const getEpisodes = async (podcastId: number, page: number) =>
  api
    .read(READS.episodes({ podcast: podcastId, page }))
    .json()
    .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.episodesPage)));

export const episodesQueryOptions = (podcastId: number, page: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: [...episodesQueryKey(podcastId), page] as const,
    queryFn: () => getEpisodes(podcastId, page),
    // Paging keeps the current page on screen until the next one is there.
    placeholderData: keepPreviousData,
  });

export const useEpisodes = (podcastId: number, page: number) =>
  useQuery(episodesQueryOptions(podcastId, page));
