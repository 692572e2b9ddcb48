import { useMutation, useQueryClient } from '@tanstack/react-query';
import { podcastResource, type Podcast } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';
import { podcastQueryKey } from './get-podcast.ts';
import { podcastBody, type PodcastFormData } from './podcast-body.ts';

/** PUT /api/podcasts/{id}: the podcast form (title, categories, links). */
export const updatePodcast = async (id: number, form: PodcastFormData): Promise<Podcast> =>
  (
    await api
      .put(`api/podcasts/${id}`, { json: podcastBody(form) })
      .json()
      .then(parse(podcastResource))
  ).data;

/** The answer replaces the cached podcast; the context and the selector (titles) refetch. */
export function useUpdatePodcast(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PodcastFormData) => updatePodcast(id, form),
    onSuccess: async (podcast) => {
      queryClient.setQueryData(podcastQueryKey(id), podcast);
      await refreshContext(queryClient);
    },
  });
}
