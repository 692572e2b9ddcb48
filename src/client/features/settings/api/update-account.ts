import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponse, type EmailChangeInput, type User } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { setUser } from '../../../lib/session.ts';

/** PUT /api/account {name, email, password_current}. */
export async function updateAccount(input: EmailChangeInput): Promise<User> {
  return (await api.put('api/account', { json: input }).json().then(parse(userResponse))).data;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAccount, onSuccess: (user) => setUser(queryClient, user) });
}
