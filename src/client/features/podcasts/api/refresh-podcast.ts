import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { podcastQueryKey } from './get-podcast.ts';
import { refreshContext } from './get-context.ts';

/**
 * POST /api/podcasts/{id}:refresh: reads the podcast's RSS feed again (new episodes, title,
 * image). Its answer is not needed here: the context and the podcast's queries are fetched again (§7).
 */
export const refreshPodcast = async (podcastId: number) => {
  await api.post(`api/podcasts/${podcastId}:refresh`, { timeout: 60_000 });
};

export function useRefreshPodcast(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshPodcast(podcastId),
    // Everything of the podcast may change: the episodes, the Feed-Check and, through
    // its findings, the recommendations (features/practices, key ['podcast', id, 'methods']).
    onSuccess: () =>
      Promise.all([
        refreshContext(queryClient),
        queryClient.invalidateQueries({ queryKey: podcastQueryKey(podcastId) }),
      ]),
  });
}
