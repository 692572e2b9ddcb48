import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { podcastsQueryKey } from './get-podcasts.ts';

/** The selected podcast (the "context"), shared by the header, the dashboard and podcast.edit. */
export const contextQueryKey = ['context'] as const;

/**
 * The app route imports this eagerly, to ask for the context beside the session probe: the
 * schemas, and zod with them, load with the answer.
 */
const schemas = <S extends z.ZodType>(pick: (m: typeof import('../../../../shared/podcasts.ts')) => S) =>
  parseLazily(() => import('../../../../shared/podcasts.ts').then(pick));

/**
 * GET /api/account/context: the selected podcast, or null when the user has none. It is asked
 * beside the session probe (routes/app.tsx): a 401 here is the probe's to report.
 */
export const getContext = async (): Promise<Podcast | null> =>
  (
    await api
      .read(READS.context({}), { context: { allowUnauthorized: true } })
      .json()
      .then(schemas((m) => m.contextResource))
  ).data;

export const contextQueryOptions = () =>
  queryOptions({ queryKey: contextQueryKey, queryFn: getContext, staleTime: 30_000 });

export const useContextQuery = () => useQuery(contextQueryOptions());

/**
 * The selected podcast inside podcast-required screens (their guard has loaded it). Null only
 * for the moment a refetch finds that the user lost it; callers render nothing then.
 */
export function usePodcast(): Podcast | null {
  return useContextQuery().data ?? null;
}

/** POST /api/account/context/{id}: selects a podcast and answers with it. */
export const selectContext = async (id: number): Promise<Podcast> =>
  (
    await api
      .post(`api/account/context/${id}`)
      .json()
      .then(schemas((m) => m.podcastResource))
  ).data;

/** Selecting stores the answer as the context; every podcast-scoped query refetches. */
export function useSelectContext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectContext,
    onSuccess: async (podcast) => {
      queryClient.setQueryData(contextQueryKey, podcast);
      await queryClient.invalidateQueries({ queryKey: ['podcast'] });
    },
  });
}

/**
 * After a change to the selected podcast (edit, complete, refresh, metrics…): the context and the
 * selector list refetch. Podcast-scoped queries use keys starting with ['podcast', id, …].
 */
export async function refreshContext(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: contextQueryKey }),
    queryClient.invalidateQueries({ queryKey: podcastsQueryKey }),
  ]);
}
