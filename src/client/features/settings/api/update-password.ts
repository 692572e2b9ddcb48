import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';

/** PUT /api/account/password → 200 {message}. */
export const updatePassword = (input: PasswordChangeInput) =>
  api.put('api/account/password', { json: input }).json<{ message: string }>();

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
