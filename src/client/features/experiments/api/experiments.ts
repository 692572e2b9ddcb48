// The experiments' calls (§7): every answer parsed with the shared schema. Podcast-scoped keys
// start with ['podcast', id, …] (refetched on a context switch); one experiment's with
// ['experiment', id, …].
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  actionResource,
  commentResource,
  commentsResponse,
  eventsResponse,
  experimentResource,
  experimentsResponse,
  type commentFormSchema,
  type evaluationSchema,
  type experimentCreateSchema,
} from '../../../../shared/experiments.ts';
import { podcastPracticesResponse } from '../../../../shared/podcast-practices.ts';
import { MAX_PRACTICE_RECORDS } from '../../../../shared/podcast-practices.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { sendOrQueue } from '../../../lib/outbox.ts';

export type ListState = 'started' | undefined;

export const experimentsQueryKey = (podcastId: number) => ['podcast', podcastId, 'experiments'] as const;

export const experimentsQueryOptions = (
  podcastId: number,
  filter: { state?: 'started'; origin?: number } = {},
) =>
  queryOptions({
    queryKey: [...experimentsQueryKey(podcastId), filter] as const,
    queryFn: async () => {
      const searchParams: Record<string, string> = {};
      if (filter.state) searchParams.state = filter.state;
      if (filter.origin) searchParams.origin = String(filter.origin);
      return (
        await api
          .get(`api/podcasts/${podcastId}/experiments`, { searchParams })
          .json()
          .then(parse(experimentsResponse))
      ).data;
    },
  });

export const useExperiments = (
  podcastId: number,
  filter: { state?: 'started'; origin?: number } = {},
  enabled = true,
) => useQuery({ ...experimentsQueryOptions(podcastId, filter), enabled });

export const experimentQueryKey = (id: number) => ['experiment', id] as const;

export const useExperiment = (id: number) =>
  useQuery({
    queryKey: experimentQueryKey(id),
    queryFn: async () => (await api.get(`api/experiments/${id}`).json().then(parse(experimentResource))).data,
  });

export const useEvents = (id: number) =>
  useQuery({
    queryKey: [...experimentQueryKey(id), 'events'],
    queryFn: async () =>
      (await api.get(`api/experiments/${id}/events`).json().then(parse(eventsResponse))).data,
  });

export const useComments = (id: number) =>
  useQuery({
    queryKey: [...experimentQueryKey(id), 'comments'],
    queryFn: async () =>
      (await api.get(`api/experiments/${id}/comments`).json().then(parse(commentsResponse))).data,
  });

/** The method selector: up to 1000 methods, bookmarked first (§7, §9). */
export const useSelectablePractices = (podcastId: number) =>
  useQuery({
    queryKey: ['podcast', podcastId, 'practices', 'selector'],
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/practices`, { searchParams: { records: MAX_PRACTICE_RECORDS } })
          .json()
          .then(parse(podcastPracticesResponse))
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
          .then(parse(experimentResource))
      ).data,
    onSuccess: async (experiment) => {
      queryClient.setQueryData(experimentQueryKey(experiment.id), experiment);
      await queryClient.invalidateQueries({ queryKey: experimentsQueryKey(podcastId) });
    },
  });
}

/**
 * One step: sends the state it wants (`completed`), so a repeated request cannot flip it twice.
 * Offline it goes to the outbox (src/client/lib/outbox.ts) and is sent when the network is back.
 */
export function useSetAction(experimentId: number, podcastId: number) {
  const refresh = useRefresh();
  return useMutation({
    // Runs offline too (the default would pause it): the outbox takes it then.
    networkMode: 'always',
    mutationFn: ({ id, completed, description }: { id: number; completed: boolean; description: string }) => {
      const url = `api/experiments/actions/${id}`;
      const write = {
        label: `Aufgabe „${description}“ als ${completed ? 'erledigt' : 'offen'} markieren`,
        kind: 'action',
        url: `/${url}`,
        body: { completed },
        experimentId,
        actionId: id,
      } as const;
      return sendOrQueue(
        write,
        async (key) =>
          (
            await api
              .post(url, { json: { completed }, headers: { 'Idempotency-Key': key } })
              .json()
              .then(parse(actionResource))
          ).data,
      );
    },
    onSettled: () => refresh(experimentId, podcastId),
  });
}

/** 'Alles erledigt'. */
export function useCompleteAll(experimentId: number, podcastId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () =>
      (await api.post(`api/experiments/${experimentId}/actions`).json().then(parse(experimentResource))).data,
    onSettled: () => refresh(experimentId, podcastId),
  });
}

export function useCreateComment(experimentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (form: z.output<typeof commentFormSchema>) => {
      const url = `api/experiments/${experimentId}/comments`;
      const write = {
        label: `Kommentar „${form.content}“`,
        kind: 'comment',
        url: `/${url}`,
        body: { content: form.content },
        experimentId,
      } as const;
      return sendOrQueue(
        write,
        async (key) =>
          (
            await api
              .post(url, { json: form, headers: { 'Idempotency-Key': key } })
              .json()
              .then(parse(commentResource))
          ).data,
      );
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...experimentQueryKey(experimentId), 'comments'] }),
  });
}

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
