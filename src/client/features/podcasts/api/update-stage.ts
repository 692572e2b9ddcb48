import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Stage } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';
import { stageQueryKey } from './get-stage.ts';

/** PUT /api/podcasts/{id}/stage. */
export const updateStage = async (podcastId: number, stage: Stage) =>
  (
    await api
      .put(`api/podcasts/${podcastId}/stage`, { json: stage })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.stageResource)))
  ).data;

export function useUpdateStage(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stage: Stage) => updateStage(podcastId, stage),
    onSuccess: async (data) => {
      queryClient.setQueryData(stageQueryKey(podcastId), data);
      await refreshContext(queryClient);
    },
  });
}
