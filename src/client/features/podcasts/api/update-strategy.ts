import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { strategySchema } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';
import { strategyQueryKey } from './get-strategy.ts';

type StrategyForm = z.output<typeof strategySchema>;

/** PUT /api/podcasts/{id}/strategy with all seven answers (an empty one is stored as none). */
export const updateStrategy = async (podcastId: number, strategy: StrategyForm) =>
  (
    await api
      .put(`api/podcasts/${podcastId}/strategy`, { json: strategy })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.strategyResource)))
  ).data;

export function useUpdateStrategy(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (strategy: StrategyForm) => updateStrategy(podcastId, strategy),
    onSuccess: async (data) => {
      queryClient.setQueryData(strategyQueryKey(podcastId), data);
      await refreshContext(queryClient);
    },
  });
}
