import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** POST /api/account/email:resend → 202 {message}. */
export const resendVerification = () => api.post('api/account/email:resend').json<{ message: string }>();

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
