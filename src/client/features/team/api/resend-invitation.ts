import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** POST /api/invitations/{id}:resend: mails the invitation again (no body). */
export async function resendInvitation(invitationId: number) {
  await api.post(`api/invitations/${invitationId}:resend`);
}

/** One per row: after success the row's button stays disabled (§4 Invitation). */
export const useResendInvitation = (invitationId: number) =>
  useMutation({ mutationFn: () => resendInvitation(invitationId) });
