import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { podcastDeleteSchema } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { refreshContext } from './get-context.ts';

/** DELETE /api/podcasts/{id} {password} → 204; its experiments and metrics go with it (§9). */
export async function deletePodcast(podcastId: number, input: z.output<typeof podcastDeleteSchema>) {
  await api.delete(`api/podcasts/${podcastId}`, { json: input });
}

/**
 * Afterwards the podcast's own queries go, the context and the selector list refetch, then
 * `onDeleted` runs. Here rather than in the form: the form may be gone by then (the context
 * already names another podcast), and this callback runs all the same.
 */
export function useDeletePodcast(podcastId: number, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof podcastDeleteSchema>) => deletePodcast(podcastId, input),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['podcast', podcastId] });
      await refreshContext(queryClient);
      onDeleted();
    },
  });
}
