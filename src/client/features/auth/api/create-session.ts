import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '../../../../shared/account.ts';
import { api, fetchCsrfToken } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { setUser } from '../../../lib/session.ts';

/** POST /api/account/session, after a fresh CSRF cookie (§7). */
export async function createSession(input: LoginInput): Promise<User> {
  await fetchCsrfToken();
  const body = await api
    .post('api/account/session', { json: input, context: { allowUnauthorized: true } })
    .json()
    .then(parseLazily(() => import('../../../../shared/account.ts').then((m) => m.userResponse)));
  return body.data;
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: (user) => setUser(queryClient, user),
    // §8: a failed login clears the user.
    onError: () => setUser(queryClient, null),
  });
}
