// Shared by the settings and /verify (a mistyped address corrected before it was ever confirmed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeInput, User } from '../../shared/account.ts';
import { api } from '../api/client.ts';
import { parseLazily } from '../api/parse.ts';
import { setUser } from './session.ts';

/** PUT /api/account {name, email, password_current}. */
export async function updateAccount(input: EmailChangeInput): Promise<User> {
  return (
    await api
      .put('api/account', { json: input })
      .json()
      .then(parseLazily(() => import('../../shared/account.ts').then((m) => m.userResponse)))
  ).data;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAccount, onSuccess: (user) => setUser(queryClient, user) });
}
