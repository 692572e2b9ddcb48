import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { registrationSchema, User } from '../../../../shared/account.ts';
import { api, fetchCsrfToken } from '../../../api/client.ts';
import { setUser } from '../../../lib/session.ts';
import type { z } from 'zod';

export type RegistrationResult = { data: User; verified: boolean };

/** POST /api/account: registers and signs in; `verified` says whether the email still needs a click. */
export async function createAccount(input: z.output<typeof registrationSchema>): Promise<RegistrationResult> {
  await fetchCsrfToken();
  return api.post('api/account', { json: input }).json<RegistrationResult>();
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: ({ data }) => setUser(queryClient, data),
  });
}
