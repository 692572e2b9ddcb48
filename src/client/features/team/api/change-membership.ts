import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { membershipsQueryKey } from './get-memberships.ts';

/** The owner's three actions on another member's row (§4 Membership). */
export type MembershipAction = 'deactivate' | 'reactivate' | 'delete';

/**
 * POST /api/memberships/{id}:deactivate, :reactivate and :delete: the same call without a body
 * on three verbs, so one file serves them.
 */
export async function changeMembership(membershipId: number, action: MembershipAction) {
  await api.post(`api/memberships/${membershipId}:${action}`);
}

/** After a change the podcast's team list refetches. */
export function useChangeMembership(podcastId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: MembershipAction }) => changeMembership(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipsQueryKey(podcastId) }),
  });
}
