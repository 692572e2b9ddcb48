import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const settingsQueryKey = (podcastId: number) => ['podcast', podcastId, 'settings'] as const;

/** GET /api/podcasts/{id}/settings: the podcast's key-value settings. */
export const settingsQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: settingsQueryKey(podcastId),
    queryFn: async () =>
      (
        await api
          .read(READS.settings({ podcast: podcastId }))
          .json()
          .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.settingsResource)))
      ).data,
  });

export const useSettings = (podcastId: number) => useQuery(settingsQueryOptions(podcastId));
