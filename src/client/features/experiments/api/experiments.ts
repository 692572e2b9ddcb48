// The experiments' calls (§7): every answer parsed with the shared schema; keys in query-keys.ts.
// What an offline write changes (experiment-writes.ts) stays on the fetched data while it waits.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { evaluationSchema, experimentCreateSchema } from '../../../../shared/experiments.ts';
import { MAX_PRACTICE_RECORDS } from '../../../../shared/limits.ts';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { useOfflineWrite, withPending } from '../../../offline/offline-write.ts';
import { completeAll, createComment, setAction } from './experiment-writes.ts';
import { commentsQueryKey, eventsQueryKey, experimentQueryKey, experimentsQueryKey } from './query-keys.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';
import { noteOlder, useOlderPages } from '../../../lib/older-pages.ts';

export type ListState = 'started' | undefined;

export const experimentsQueryOptions = (
  podcastId: number,
  filter: { state?: 'started'; origin?: number } = {},
) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: [...experimentsQueryKey(podcastId), filter] as const,
    queryFn: async ({ queryKey, client }) => {
      const list = await api
        .read(
          READS.experiments({ podcast: podcastId, state: filter.state, origin: filter.origin || undefined }),
        )
        .json()
        .then(
          parseLazily(() => import('../../../../shared/experiments.ts').then((m) => m.experimentsResponse)),
        );
      return withPending(client, queryKey, list.data);
    },
  });

export const useExperiments = (
  podcastId: number,
  filter: { state?: 'started'; origin?: number } = {},
  enabled = true,
) => useQuery({ ...experimentsQueryOptions(podcastId, filter), enabled });

export const experimentQueryOptions = (id: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: experimentQueryKey(id),
    queryFn: async ({ queryKey, client }) =>
      withPending(
        client,
        queryKey,
        (
          await api
            .read(READS.experiment({ experiment: id }))
            .json()
            .then(
              parseLazily(() =>
                import('../../../../shared/experiments.ts').then((m) => m.experimentResource),
              ),
            )
        ).data,
      ),
  });

export const useExperiment = (id: number) => useQuery(experimentQueryOptions(id));

// A page of the activity or the comments: the newest, or with `before` the one before it.
const eventsPage = (id: number, before?: number) =>
  api
    .read(READS.events({ experiment: id, before }))
    .json()
    .then(parseLazily(() => import('../../../../shared/experiments.ts').then((m) => m.eventsResponse)));
const commentsPage = (id: number, before?: number) =>
  api
    .read(READS.comments({ experiment: id, before }))
    .json()
    .then(parseLazily(() => import('../../../../shared/experiments.ts').then((m) => m.commentsResponse)));

export const eventsQueryOptions = (id: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: eventsQueryKey(id),
    queryFn: async ({ queryKey, client }) => {
      const page = await eventsPage(id);
      noteOlder(client, queryKey, page.meta);
      return page.data;
    },
  });

export const useEvents = (id: number) => useQuery(eventsQueryOptions(id));

/** The activity's pages before the first one (lib/older-pages.ts), on „Ältere anzeigen“. */
export const useOlderEvents = (id: number) =>
  useOlderPages(eventsQueryKey(id), (before) => eventsPage(id, before));

export const commentsQueryOptions = (id: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: commentsQueryKey(id),
    queryFn: async ({ queryKey, client }) => {
      const page = await commentsPage(id);
      noteOlder(client, queryKey, page.meta);
      return page.data;
    },
  });

export const useComments = (id: number) => useQuery(commentsQueryOptions(id));

/** The comments' pages before the first one, on „Ältere anzeigen“ (each page oldest first). */
export const useOlderComments = (id: number) =>
  useOlderPages(commentsQueryKey(id), (before) => commentsPage(id, before));

/** The method selector: up to 1000 methods, bookmarked first (§7, §9). */
export const useSelectablePractices = (podcastId: number) =>
  useQuery({
    queryKey: ['podcast', podcastId, 'practices', 'selector'],
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/practices`, { searchParams: { records: MAX_PRACTICE_RECORDS } })
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/podcast-practices.ts').then((m) => m.podcastPracticesResponse),
            ),
          )
      ).data,
  });

/** After any change of an experiment: it, its log and the podcast's lists refetch. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (experimentId: number, podcastId: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: experimentQueryKey(experimentId) }),
      queryClient.invalidateQueries({ queryKey: experimentsQueryKey(podcastId) }),
    ]);
  };
}

export function useCreateExperiment(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: z.output<typeof experimentCreateSchema>) =>
      (
        await api
          .post(`api/podcasts/${podcastId}/experiments`, { json: form })
          .json()
          .then(
            parseLazily(() => import('../../../../shared/experiments.ts').then((m) => m.experimentResource)),
          )
      ).data,
    onSuccess: async (experiment) => {
      queryClient.setQueryData(experimentQueryKey(experiment.id), experiment);
      await queryClient.invalidateQueries({ queryKey: experimentsQueryKey(podcastId) });
    },
  });
}

/** One step's state; offline it waits in the outbox (experiment-writes.ts). */
export const useSetAction = (experimentId: number, podcastId: number) =>
  useOfflineWrite(setAction, { experimentId, podcastId });

/** 'Alles erledigt'; offline it waits in the outbox too. */
export const useCompleteAll = (experimentId: number, podcastId: number) =>
  useOfflineWrite(completeAll, { experimentId, podcastId });

export const useCreateComment = (experimentId: number) => useOfflineWrite(createComment, { experimentId });

/** POST /api/podcasts/{id}/metrics from the evaluation dialog. */
export function useEvaluate(experimentId: number, podcastId: number) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: z.output<typeof evaluationSchema>) => {
      await api.post(`api/podcasts/${podcastId}/metrics`, { json: form }).json();
    },
    onSuccess: async () => {
      await Promise.all([
        refresh(experimentId, podcastId),
        queryClient.invalidateQueries({ queryKey: ['podcast', podcastId, 'metrics'] }),
      ]);
    },
  });
}
