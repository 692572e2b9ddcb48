import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Milestones } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';

/** POST /api/podcasts/{id}/milestones:batch; an empty text removes that milestone. */
export const saveMilestones = async (podcastId: number, milestones: Milestones) =>
  (
    await api
      .post(`api/podcasts/${podcastId}/milestones:batch`, { json: { milestones } })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.milestonesResource)))
  ).data;

/** The milestones travel with the podcast (context), so the context refetches. */
export function useSaveMilestones(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestones: Milestones) => saveMilestones(podcastId, milestones),
    onSuccess: () => refreshContext(queryClient),
  });
}
