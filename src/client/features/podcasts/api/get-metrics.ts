import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

export const metricsQueryKey = (podcastId: number) => ['podcast', podcastId, 'metrics'] as const;

/** GET /api/podcasts/{id}/metrics: each metric with its recorded values, oldest first. */
export const metricsQueryOptions = (podcastId: number) =>
  queryOptions({
    queryKey: metricsQueryKey(podcastId),
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/metrics`)
          .json()
          .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.metricsResource)))
      ).data,
  });

export const useMetrics = (podcastId: number) => useQuery(metricsQueryOptions(podcastId));
