import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { episodesQueryKey } from './get-episodes.ts';
import { feedCheckQueryKey } from './get-feed-check.ts';
import { refreshContext } from './get-context.ts';

/**
 * POST /api/podcasts/{id}:refresh: reads the podcast's RSS feed again (new episodes, title,
 * image). Its answer is not needed here: the context, the episodes and the Feed-Check are fetched again (§7).
 */
export const refreshPodcast = async (podcastId: number) => {
  await api.post(`api/podcasts/${podcastId}:refresh`, { timeout: 60_000 });
};

export function useRefreshPodcast(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshPodcast(podcastId),
    onSuccess: () =>
      Promise.all([
        refreshContext(queryClient),
        queryClient.invalidateQueries({ queryKey: episodesQueryKey(podcastId) }),
        // The refresh checks the feed again (issue 22).
        queryClient.invalidateQueries({ queryKey: feedCheckQueryKey(podcastId) }),
      ]),
  });
}
