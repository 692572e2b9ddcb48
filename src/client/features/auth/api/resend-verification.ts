import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** POST /api/account/email:resend → 202 {message}. */
export const resendVerification = () =>
  api
    .post('api/account/email:resend')
    .json()
    .then(parseLazily(() => import('../../../../shared/api.ts').then((m) => m.messageResponse)));

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
