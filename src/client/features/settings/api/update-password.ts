import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** PUT /api/account/password → 200 {message}. */
export const updatePassword = (input: PasswordChangeInput) =>
  api
    .put('api/account/password', { json: input })
    .json()
    .then(parseLazily(() => import('../../../../shared/api.ts').then((m) => m.messageResponse)));

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
