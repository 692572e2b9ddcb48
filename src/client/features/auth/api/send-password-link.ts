import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordForgotSchema } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** POST /api/account/password:forgot → 202 {message}; the mail links to /password/reset. */
export const sendPasswordLink = (input: z.output<typeof passwordForgotSchema>) =>
  api
    .post('api/account/password:forgot', { json: input })
    .json()
    .then(parseLazily(() => import('../../../../shared/api.ts').then((m) => m.messageResponse)));

export function useSendPasswordLink() {
  return useMutation({ mutationFn: sendPasswordLink });
}
