import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordForgotSchema } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';

/** POST /api/account/password:forgot → 202 {message}; the mail links to /password/reset. */
export const sendPasswordLink = (input: z.output<typeof passwordForgotSchema>) =>
  api.post('api/account/password:forgot', { json: input }).json<{ message: string }>();

export function useSendPasswordLink() {
  return useMutation({ mutationFn: sendPasswordLink });
}
