import { queryOptions, useQuery } from '@tanstack/react-query';
import { strategyResource } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const strategyQueryKey = (podcastId: number) => ['podcast', podcastId, 'strategy'] as const;

/** GET /api/podcasts/{id}/strategy: the seven answers (null: not answered yet). */
export const strategyQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: strategyQueryKey(podcastId),
    queryFn: async () =>
      (await api.get(`api/podcasts/${podcastId}/strategy`).json().then(parse(strategyResource))).data,
  });

export const useStrategy = (podcastId: number) => useQuery(strategyQueryOptions(podcastId));
