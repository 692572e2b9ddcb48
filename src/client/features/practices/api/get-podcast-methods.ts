// The dashboard's method widgets and 'Passende Methoden': small lists of one podcast.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WIDGET_ITEMS } from '../../../../shared/limits.ts';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { methodsQueryKey } from './get-practice.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

/** GET /api/podcasts/{id}/estimations: 'Als Nächstes empfohlen', best first (Pro only). */
export const estimationsQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: [...methodsQueryKey(podcastId), 'estimations'],
    queryFn: async () =>
      (
        await api
          .read(READS.estimations({ podcast: podcastId, limit: WIDGET_ITEMS }))
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/podcast-practices.ts').then((m) => m.estimationsResponse),
            ),
          )
      ).data,
    retry: false,
  });

export const useEstimations = (podcastId: number) => useQuery(estimationsQueryOptions(podcastId));

/** GET /api/podcasts/{id}/bookmarks: 'Gemerkte Methoden', newest first. */
export const bookmarksQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: [...methodsQueryKey(podcastId), 'bookmarks'],
    queryFn: async () =>
      (
        await api
          .read(READS.bookmarks({ podcast: podcastId }))
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/podcast-practices.ts').then((m) => m.bookmarksResponse),
            ),
          )
      ).data,
  });

export const useBookmarks = (podcastId: number) => useQuery(bookmarksQueryOptions(podcastId));

/** GET /api/podcasts/{id}/applications: 'Dauerhaft angewandt' with the day each was applied. */
export const applicationsQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: [...methodsQueryKey(podcastId), 'applications'],
    queryFn: async () =>
      (
        await api
          .read(READS.applications({ podcast: podcastId }))
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/podcast-practices.ts').then((m) => m.applicationsResponse),
            ),
          )
      ).data,
  });

export const useApplications = (podcastId: number) => useQuery(applicationsQueryOptions(podcastId));

/** GET /api/practices/{id}/similarities?context=: 'Passende Methoden' for the podcast. */
export const similaritiesQueryOptions = (podcastId: number, practiceId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: [...methodsQueryKey(podcastId), 'similarities', practiceId],
    queryFn: async () =>
      (
        await api
          .read(READS.similarities({ practice: practiceId, context: podcastId, limit: WIDGET_ITEMS }))
          .json()
          .then(
            parseLazily(() =>
              import('../../../../shared/podcast-practices.ts').then((m) => m.similaritiesResponse),
            ),
          )
      ).data,
  });

export const useSimilarities = (podcastId: number, practiceId: number) =>
  useQuery(similaritiesQueryOptions(podcastId, practiceId));

/**
 * GET /api/advices:random: one text 'Aus dem Logbuch'; a new one with each visit. The dashboard's
 * loader asks for it beside the settings: kept for the seconds until its widget mounts
 * (gcTime), and not asked for again then (refetchOnMount).
 */
export const adviceQueryOptions = () =>
  queryOptions({
    queryKey: ['advice'],
    queryFn: async () =>
      (
        await api
          .read(READS.advice({}))
          .json()
          .then(parseLazily(() => import('../../../../shared/content-api.ts').then((m) => m.adviceResponse)))
      ).data,
    retry: false,
    staleTime: 0,
    gcTime: 10_000,
    refetchOnMount: unlessJustLoaded,
  });

export const useAdvice = () => useQuery(adviceQueryOptions());
