import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  registrationResponse,
  type RegistrationResponse,
  type registrationSchema,
} from '../../../../shared/account.ts';
import { api, fetchCsrfToken } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';
import { setUser } from '../../../lib/session.ts';

/** POST /api/account: registers and signs in; `verified` says whether the email still needs a click. */
export async function createAccount(
  input: z.output<typeof registrationSchema>,
): Promise<RegistrationResponse> {
  await fetchCsrfToken();
  return api.post('api/account', { json: input }).json().then(parse(registrationResponse));
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: ({ data }) => setUser(queryClient, data),
  });
}
