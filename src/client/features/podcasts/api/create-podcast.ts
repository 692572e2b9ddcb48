import { useMutation, useQueryClient } from '@tanstack/react-query';
import { podcastResource, type Podcast } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { podcastQueryKey } from './get-podcast.ts';
import { podcastsQueryKey } from './get-podcasts.ts';
import { podcastBody, type PodcastFormData } from './podcast-body.ts';

/** POST /api/podcasts: the new podcast, owned by the caller. */
export const createPodcast = async (form: PodcastFormData): Promise<Podcast> =>
  (
    await api
      .post('api/podcasts', { json: podcastBody(form) })
      .json()
      .then(parse(podcastResource))
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
