import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput } from '../../../../shared/account.ts';
import { messageResponse } from '../../../../shared/api.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** POST /api/account/password:reset → 200 {message}. */
export const resetPassword = (input: PasswordResetInput) =>
  api.post('api/account/password:reset', { json: input }).json().then(parse(messageResponse));

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
