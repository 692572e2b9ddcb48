import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Podcast, podcastFormSchema } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { podcastQueryKey } from './get-podcast.ts';
import { podcastsQueryKey } from './get-podcasts.ts';

/** POST /api/podcasts: the new podcast, owned by the caller. */
export const createPodcast = async (form: z.output<typeof podcastFormSchema>): Promise<Podcast> =>
  (
    await api
      .post('api/podcasts', { json: form })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.podcastResource)))
  ).data;

/**
 * The new podcast goes into the cache, and the selector list refetches: the podcast-required
 * guard then knows the user has one.
 */
export function useCreatePodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPodcast,
    onSuccess: async (podcast) => {
      queryClient.setQueryData(podcastQueryKey(podcast.id), podcast);
      await queryClient.invalidateQueries({ queryKey: podcastsQueryKey });
    },
  });
}
