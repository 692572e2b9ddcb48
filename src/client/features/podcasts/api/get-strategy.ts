import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const strategyQueryKey = (podcastId: number) => ['podcast', podcastId, 'strategy'] as const;

/** GET /api/podcasts/{id}/strategy: the seven answers (null: not answered yet). */
export const strategyQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: strategyQueryKey(podcastId),
    queryFn: async () =>
      (
        await api
          .read(READS.strategy({ podcast: podcastId }))
          .json()
          .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.strategyResource)))
      ).data,
  });

export const useStrategy = (podcastId: number) => useQuery(strategyQueryOptions(podcastId));
