import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userResponse, type EmailChangeInput, type User } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { setUser } from '../../../lib/session.ts';

/** PUT /api/account from /verify: a mistyped address is corrected, and a new link goes there. */
export async function correctEmail(input: EmailChangeInput): Promise<User> {
  return (await api.put('api/account', { json: input }).json().then(parse(userResponse))).data;
}

export function useCorrectEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: correctEmail, onSuccess: (user) => setUser(queryClient, user) });
}
