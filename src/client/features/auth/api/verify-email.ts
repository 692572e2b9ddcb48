import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

export type VerifyEmailParams = { id: string; hash: string; expires: string; signature: string };

/** GET /api/email/verify/{id}/{hash}?expires&signature, with the values of the mailed link. */
export function verifyEmail({ id, hash, expires, signature }: VerifyEmailParams) {
  return (
    api
      .get(`api/email/verify/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`, {
        searchParams: { expires, signature },
        retry: 0,
      })
      .json()
      // The /email route imports this eagerly: the schema loads with the answer.
      .then(parseLazily(() => import('../../../../shared/account.ts').then((m) => m.verificationResponse)))
  );
}
