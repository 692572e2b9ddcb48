import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

export const podcastQueryKey = (id: number) => ['podcast', id] as const;

/** GET /api/podcasts/{id}. */
export const getPodcast = async (id: number): Promise<Podcast> =>
  (
    await api
      .get(`api/podcasts/${id}`)
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.podcastResource)))
  ).data;

export const podcastQueryOptions = (id: number) =>
  queryOptions({ queryKey: podcastQueryKey(id), queryFn: () => getPodcast(id), staleTime: 30_000 });

export const usePodcastById = (id: number) => useQuery(podcastQueryOptions(id));
