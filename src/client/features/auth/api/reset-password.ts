import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** POST /api/account/password:reset → 200 {message}. */
export const resetPassword = (input: PasswordResetInput) =>
  api
    .post('api/account/password:reset', { json: input })
    .json()
    .then(parseLazily(() => import('../../../../shared/api.ts').then((m) => m.messageResponse)));

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
