import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { podcastFormSchema } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { refreshContext } from './get-context.ts';

/** PUT /api/podcasts/{id} with the podcast form; answers with the podcast. */
export const updatePodcast = async (id: number, form: z.output<typeof podcastFormSchema>) =>
  (
    await api
      .put(`api/podcasts/${id}`, { json: form })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.podcastResource)))
  ).data;

/** Saving refreshes the context: the header's title and the dashboard show the new data. */
export function useUpdatePodcast(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: z.output<typeof podcastFormSchema>) => updatePodcast(id, form),
    onSuccess: () => refreshContext(queryClient),
  });
}
