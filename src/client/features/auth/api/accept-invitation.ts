import { useMutation, useQueryClient } from '@tanstack/react-query';
import { podcastResource, type Podcast } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** POST /api/invitations/{token}:accept: the membership; the podcast becomes the selected one. */
export const acceptInvitation = async (token: string): Promise<Podcast> =>
  (
    await api
      .post(`api/invitations/${encodeURIComponent(token)}:accept`)
      .json()
      .then(parse(podcastResource))
  ).data;

/**
 * Everything cached about podcasts (the list, the selected one) is now out of date; refetching
 * all is simpler than naming the other features' keys, and rare.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
