import { queryOptions } from '@tanstack/react-query';
import type { Resource } from '../../../../shared/api.ts';
import { api } from '../../../api/client.ts';

/**
 * The fields the client reads so far. The full Podcast schema moves to src/shared/ with the
 * podcast issue; until then this stays the minimum the podcast guard needs.
 */
export type PodcastSummary = { id: number; title: string; name?: string | null };

export const podcastsQueryKey = ['podcasts'] as const;

export const getPodcasts = () => api.get('api/account/podcasts').json<Resource<PodcastSummary[]>>();

export const podcastsQueryOptions = () =>
  queryOptions({
    queryKey: podcastsQueryKey,
    queryFn: async () => (await getPodcasts()).data,
    staleTime: 60_000,
  });
