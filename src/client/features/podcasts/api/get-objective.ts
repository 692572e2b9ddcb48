import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const objectiveQueryKey = (podcastId: number) => ['podcast', podcastId, 'objective'] as const;

/** GET /api/podcasts/{id}/objective: the importance of each of the eight goals (null: not set). */
export const objectiveQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: objectiveQueryKey(podcastId),
    queryFn: async () =>
      (
        await api
          .read(READS.objective({ podcast: podcastId }))
          .json()
          .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.objectiveResource)))
      ).data,
  });

export const useObjective = (podcastId: number) => useQuery(objectiveQueryOptions(podcastId));
