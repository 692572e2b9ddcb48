import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const membershipsQueryKey = (podcastId: number) => ['podcast', podcastId, 'memberships'] as const;

/** GET /api/podcasts/{id}/memberships: the podcast's team, active and inactive. */
export const membershipsQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: membershipsQueryKey(podcastId),
    queryFn: async () =>
      (
        await api
          .read(READS.memberships({ podcast: podcastId }))
          .json()
          .then(parseLazily(() => import('../../../../shared/team.ts').then((m) => m.membershipsResponse)))
      ).data,
  });

export const useMemberships = (podcastId: number) => useQuery(membershipsQueryOptions(podcastId));
