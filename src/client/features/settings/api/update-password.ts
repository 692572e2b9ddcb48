import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '../../../../shared/account.ts';
import { messageResponse } from '../../../../shared/api.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** PUT /api/account/password → 200 {message}. */
export const updatePassword = (input: PasswordChangeInput) =>
  api.put('api/account/password', { json: input }).json().then(parse(messageResponse));

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
