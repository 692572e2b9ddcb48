import { queryOptions, useQuery } from '@tanstack/react-query';
import { membershipsResponse } from '../../../../shared/team.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';

export const membershipsQueryKey = (podcastId: number) => ['podcast', podcastId, 'memberships'] as const;

/** GET /api/podcasts/{id}/memberships: the podcast's team, active and inactive. */
export const membershipsQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: membershipsQueryKey(podcastId),
    queryFn: async () =>
      (await api.get(`api/podcasts/${podcastId}/memberships`).json().then(parse(membershipsResponse))).data,
  });

export const useMemberships = (podcastId: number) => useQuery(membershipsQueryOptions(podcastId));
