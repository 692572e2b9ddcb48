import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

export const stageQueryKey = (podcastId: number) => ['podcast', podcastId, 'stage'] as const;

/** GET /api/podcasts/{id}/stage: time effort, audience size and budget, null while not set. */
export const stageQueryOptions = (podcastId: number) =>
  queryOptions({
    queryKey: stageQueryKey(podcastId),
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/stage`)
          .json()
          .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.stageResource)))
      ).data,
  });

export const useStage = (podcastId: number) => useQuery(stageQueryOptions(podcastId));
