import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

/**
 * Everything a podcast sees of the methods (its flags, scores, lists, widgets) is keyed under
 * this, so a flag toggle refetches all of it, and a change of goals or stage (which refetch
 * ['podcast', id]) too.
 */
export const methodsQueryKey = (podcastId: number) => ['podcast', podcastId, 'methods'] as const;

/** A method as the selected podcast sees it. */
export const practiceQueryKey = (podcastId: number, practiceId: number) =>
  [...methodsQueryKey(podcastId), 'practice', practiceId] as const;

/** GET /api/practices/{id}?context={podcastId}: the method with the podcast's flags and score. */
export const practiceQueryOptions = (podcastId: number, practiceId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: practiceQueryKey(podcastId, practiceId),
    queryFn: async () =>
      (
        await api
          .read(READS.practice({ practice: practiceId, context: podcastId }))
          .json()
          .then(parseLazily(() => import('../../../../shared/practices.ts').then((m) => m.practiceResponse)))
      ).data,
  });

export const usePractice = (podcastId: number, practiceId: number) =>
  useQuery(practiceQueryOptions(podcastId, practiceId));

// The parts of a method are the same for every podcast.
const partKey = (practiceId: number, part: string) => ['practice', practiceId, part] as const;

/** GET /api/practices/{id}/content: the description as markdown. */
export const usePracticeContent = (practiceId: number) =>
  useQuery({
    queryKey: partKey(practiceId, 'content'),
    queryFn: async () =>
      (
        await api
          .get(`api/practices/${practiceId}/content`)
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/practices.ts').then((m) => m.practiceContentResponse),
            ),
          )
      ).data.content,
    retry: false,
  });

/** GET /api/practices/{id}/context: 'Einordnung in Aufwände'. */
export const usePracticeContext = (practiceId: number) =>
  useQuery({
    queryKey: partKey(practiceId, 'context'),
    queryFn: async () =>
      (
        await api
          .get(`api/practices/${practiceId}/context`)
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/practices.ts').then((m) => m.practiceContextResponse),
            ),
          )
      ).data,
    retry: false,
  });

/** GET /api/practices/{id}/rating: 'Bewertung nach Potenzial'. */
export const usePracticeRating = (practiceId: number) =>
  useQuery({
    queryKey: partKey(practiceId, 'rating'),
    queryFn: async () =>
      (
        await api
          .get(`api/practices/${practiceId}/rating`)
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/practices.ts').then((m) => m.practiceRatingResponse),
            ),
          )
      ).data,
    retry: false,
  });

/** GET /api/practices/{id}/actions: the steps of 'Anleitung'. */
export const usePracticeActions = (practiceId: number) =>
  useQuery({
    queryKey: partKey(practiceId, 'actions'),
    queryFn: async () =>
      (
        await api
          .get(`api/practices/${practiceId}/actions`)
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/practices.ts').then((m) => m.practiceActionsResponse),
            ),
          )
      ).data,
  });

/** GET /api/practices/{id}/compilations: the sets the method is part of. */
export const practiceCompilationsQueryOptions = (practiceId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: partKey(practiceId, 'compilations'),
    queryFn: async () =>
      (
        await api
          .read(READS.practiceCompilations({ practice: practiceId }))
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/compilations.ts').then((m) => m.compilationsResponse),
            ),
          )
      ).data,
  });

export const usePracticeCompilations = (practiceId: number) =>
  useQuery(practiceCompilationsQueryOptions(practiceId));
