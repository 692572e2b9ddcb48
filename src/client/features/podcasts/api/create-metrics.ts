import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { metricsResource, type metricsSchema } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';
import { metricsQueryKey } from './get-metrics.ts';

type Evaluation = z.output<typeof metricsSchema>;

/** POST /api/podcasts/{id}/metrics: one evaluation; answers with the whole history. */
export const createMetrics = async (podcastId: number, evaluation: Evaluation) =>
  (
    await api
      .post(`api/podcasts/${podcastId}/metrics`, { json: evaluation })
      .json()
      .then(parse(metricsResource))
  ).data;

export function useCreateMetrics(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (evaluation: Evaluation) => createMetrics(podcastId, evaluation),
    onSuccess: async (history) => {
      queryClient.setQueryData(metricsQueryKey(podcastId), history);
      await refreshContext(queryClient);
    },
  });
}
