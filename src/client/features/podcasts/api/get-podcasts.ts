import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';

export const podcastsQueryKey = ['podcasts'] as const;

/**
 * GET /api/account/podcasts. The podcast guard imports this eagerly: the schema loads with the answer.
 * It is asked beside the session probe (routes/app.tsx): a 401 here is the probe's to report.
 */
export const getPodcasts = () =>
  api
    .read(READS.podcasts({}), { context: { allowUnauthorized: true } })
    .json()
    .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.accountPodcastsResponse)));

export const podcastsQueryOptions = () =>
  queryOptions({
    queryKey: podcastsQueryKey,
    queryFn: async () => (await getPodcasts()).data,
    staleTime: 60_000,
  });
