import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

export const invitationsQueryKey = (podcastId: number) => ['podcast', podcastId, 'invitations'] as const;

/** GET /api/podcasts/{id}/invitations: open and expired invitations (converted ones are not listed). */
export const invitationsQueryOptions = (podcastId: number) =>
  queryOptions({
    queryKey: invitationsQueryKey(podcastId),
    queryFn: async () =>
      (
        await api
          .get(`api/podcasts/${podcastId}/invitations`)
          .json()
          .then(parseLazily(() => import('../../../../shared/team.ts').then((m) => m.invitationsResponse)))
      ).data,
  });

export const useInvitations = (podcastId: number) => useQuery(invitationsQueryOptions(podcastId));
