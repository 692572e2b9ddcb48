import { api } from '../../../api/client.ts';

export type VerifyEmailParams = { id: string; hash: string; expires: string; signature: string };

/** GET /api/email/verify/{id}/{hash}?expires&signature, with the values of the mailed link. */
export function verifyEmail({ id, hash, expires, signature }: VerifyEmailParams) {
  return api
    .get(`api/email/verify/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`, {
      searchParams: { expires, signature },
      retry: 0,
    })
    .json<{ message: string }>();
}
