import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Objective } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';
import { objectiveQueryKey } from './get-objective.ts';

/** PUT /api/podcasts/{id}/objective with all eight goals. */
export const updateObjective = async (podcastId: number, objective: Objective) =>
  (
    await api
      .put(`api/podcasts/${podcastId}/objective`, { json: objective })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.objectiveResource)))
  ).data;

/** The answer replaces the cached goals; the context refetches (setup tile, traceable metrics). */
export function useUpdateObjective(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (objective: Objective) => updateObjective(podcastId, objective),
    onSuccess: async (data) => {
      queryClient.setQueryData(objectiveQueryKey(podcastId), data);
      await refreshContext(queryClient);
    },
  });
}
