import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/**
 * POST /api/invitations/{token}:accept: the membership; the podcast becomes the selected one.
 * `confirm`: signed in with another address than the invited one, after the page warned.
 */
export const acceptInvitation = async ({
  token,
  confirm = false,
}: {
  token: string;
  confirm?: boolean;
}): Promise<Podcast> =>
  (
    await api
      .post(`api/invitations/${encodeURIComponent(token)}:accept`, { json: { confirm } })
      .json()
      .then(parseLazily(() => import('../../../../shared/podcasts.ts').then((m) => m.podcastResource)))
  ).data;

/**
 * Everything cached about podcasts (the list, the selected one) is now out of date; refetching
 * all is simpler than naming the other features' keys, and rare. Not the invitation itself: it
 * would now say 'accepted' and replace the page before `onAccepted` moves on (here, not in the
 * component, so it runs even when the component is gone).
 */
export function useAcceptInvitation(onAccepted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'invitation' });
      onAccepted();
    },
  });
}
