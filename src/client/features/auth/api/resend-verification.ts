import { useMutation } from '@tanstack/react-query';
import { messageResponse } from '../../../../shared/api.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** POST /api/account/email:resend → 202 {message}. */
export const resendVerification = () =>
  api.post('api/account/email:resend').json().then(parse(messageResponse));

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
