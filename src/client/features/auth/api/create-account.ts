import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegistrationResponse, registrationSchema } from '../../../../shared/account.ts';
import { api, fetchCsrfToken } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { setUser } from '../../../lib/session.ts';

/** POST /api/account: registers and signs in; `verified` says whether the email still needs a click. */
export async function createAccount(
  input: z.output<typeof registrationSchema>,
): Promise<RegistrationResponse> {
  await fetchCsrfToken();
  return api
    .post('api/account', { json: input })
    .json()
    .then(parseLazily(() => import('../../../../shared/account.ts').then((m) => m.registrationResponse)));
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: ({ data }) => setUser(queryClient, data),
  });
}
