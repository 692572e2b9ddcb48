import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

export const podcastsQueryKey = ['podcasts'] as const;

/** GET /api/account/podcasts. The podcast guard imports this eagerly: the schema loads with the answer. */
export const getPodcasts = () =>
  api
    .get('api/account/podcasts')
    .json()
    .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.accountPodcastsResponse)));

export const podcastsQueryOptions = () =>
  queryOptions({
    queryKey: podcastsQueryKey,
    queryFn: async () => (await getPodcasts()).data,
    staleTime: 60_000,
  });
