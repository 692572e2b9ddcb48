import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/invitations/{token} (public): podcast, inviter, role, address, expired, converted. */
export const getInvitation = async (token: string) =>
  (
    await api
      .get(`api/invitations/${encodeURIComponent(token)}`, { context: { allowUnauthorized: true } })
      .json()
      .then(parseLazily(() => import('../../../../shared/team.ts').then((m) => m.invitationPreviewResource)))
  ).data;

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    // A 404 (unknown link) stays one; no retries.
    retry: false,
  });
