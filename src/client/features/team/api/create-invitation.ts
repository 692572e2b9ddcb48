import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invitationFormSchema } from '../../../../shared/team.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { invitationsQueryKey } from './get-invitations.ts';

type InvitationForm = z.output<typeof invitationFormSchema>;

/** POST /api/podcasts/{id}/invitations {email, type, notes}: mails the invitation link. */
export const createInvitation = async (podcastId: number, form: InvitationForm) =>
  (
    await api
      .post(`api/podcasts/${podcastId}/invitations`, { json: form })
      .json()
      .then(parseLazily(() => import('../../../../shared/team.ts').then((m) => m.invitationResource)))
  ).data;

/** The invitation list below the form refetches. */
export function useCreateInvitation(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: InvitationForm) => createInvitation(podcastId, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(podcastId) }),
  });
}
