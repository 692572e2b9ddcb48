import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Podcast, podcastImportSchema } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { podcastQueryKey } from './get-podcast.ts';
import { podcastsQueryKey } from './get-podcasts.ts';

type ImportForm = z.output<typeof podcastImportSchema>;

/**
 * POST /api/podcasts:import: reads the feed and creates the podcast with its episodes. A large
 * feed takes seconds, so no client timeout cuts it short (the server has its own limits).
 */
export const importPodcast = async ({ rss_uri, name }: ImportForm): Promise<Podcast> =>
  (
    await api
      .post('api/podcasts:import', { json: name ? { rss_uri, name } : { rss_uri }, timeout: false })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.podcastResource)))
  ).data;

export function useImportPodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPodcast,
    onSuccess: async (podcast) => {
      queryClient.setQueryData(podcastQueryKey(podcast.id), podcast);
      await queryClient.invalidateQueries({ queryKey: podcastsQueryKey });
    },
  });
}
