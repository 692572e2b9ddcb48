import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { refreshContext } from './get-context.ts';
import { podcastQueryKey } from './get-podcast.ts';

/**
 * DELETE /api/podcasts/{id} with the current password; a fresh podcast (onboarding's 'Zurück',
 * see README) needs none.
 */
export const deletePodcast = async (id: number, password?: string): Promise<void> => {
  await api.delete(`api/podcasts/${id}`, { json: password === undefined ? {} : { password } });
};

export function useDeletePodcast(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password?: string) => deletePodcast(id, password),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: podcastQueryKey(id) });
      await refreshContext(queryClient);
    },
  });
}
