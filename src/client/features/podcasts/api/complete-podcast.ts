import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { contextQueryKey, refreshContext } from './get-context.ts';

/** POST /api/podcasts/{id}:complete: closes the setup checklist ('Vollständige Einrichtung'). */
export const completePodcast = async (podcastId: number) =>
  (
    await api
      .post(`api/podcasts/${podcastId}:complete`)
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.podcastResource)))
  ).data;

/** The answer is the podcast with `completed` set: it becomes the context, then everything refetches. */
export function useCompletePodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePodcast,
    onSuccess: (podcast) => {
      queryClient.setQueryData(contextQueryKey, podcast);
      return refreshContext(queryClient);
    },
  });
}
