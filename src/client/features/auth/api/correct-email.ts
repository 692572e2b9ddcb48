import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeInput, User } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { setUser } from '../../../lib/session.ts';

/** PUT /api/account from /verify: a mistyped address is corrected, and a new link goes there. */
export async function correctEmail(input: EmailChangeInput): Promise<User> {
  return (
    await api
      .put('api/account', { json: input })
      .json()
      .then(parseLazily(() => import('../../../../shared/account.ts').then((m) => m.userResponse)))
  ).data;
}

export function useCorrectEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: correctEmail, onSuccess: (user) => setUser(queryClient, user) });
}
