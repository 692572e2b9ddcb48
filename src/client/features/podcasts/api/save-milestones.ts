import { useMutation, useQueryClient } from '@tanstack/react-query';
import { milestonesResource, type Milestones } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';

/** POST /api/podcasts/{id}/milestones:batch; an empty text removes that milestone. */
export const saveMilestones = async (podcastId: number, milestones: Milestones) =>
  (
    await api
      .post(`api/podcasts/${podcastId}/milestones:batch`, { json: { milestones } })
      .json()
      .then(parse(milestonesResource))
  ).data;

/** The milestones travel with the podcast (context), so the context refetches. */
export function useSaveMilestones(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestones: Milestones) => saveMilestones(podcastId, milestones),
    onSuccess: () => refreshContext(queryClient),
  });
}
