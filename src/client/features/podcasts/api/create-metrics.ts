import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MetricHistory, metricsSchema } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';
import { metricsQueryKey } from './get-metrics.ts';

type Evaluation = z.output<typeof metricsSchema>;

/** POST /api/podcasts/{id}/metrics: one evaluation; answers the values it added, per metric. */
export const createMetrics = async (podcastId: number, evaluation: Evaluation) =>
  (
    await api
      .post(`api/podcasts/${podcastId}/metrics`, { json: evaluation })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.metricsResource)))
  ).data;

/** The history with an evaluation's values appended to their metrics (it is sorted oldest first). */
export const appendMetrics = (history: MetricHistory[], added: MetricHistory[]): MetricHistory[] =>
  history.map((m) => {
    const values = added.find((a) => a.key === m.key)?.values;
    return values ? { ...m, values: [...m.values, ...values] } : m;
  });

export function useCreateMetrics(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (evaluation: Evaluation) => createMetrics(podcastId, evaluation),
    onSuccess: async (added) => {
      // Without a loaded history there is nothing to append to: the next read loads it whole.
      queryClient.setQueryData<MetricHistory[]>(metricsQueryKey(podcastId), (history) =>
        history ? appendMetrics(history, added) : history,
      );
      await refreshContext(queryClient);
    },
  });
}
