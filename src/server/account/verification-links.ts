// Signed, expiring links that prove an address: `/email?id&hash&expires&signature`. The hash
// names the address the link was sent to, so a link for an address the user no longer has (or
// no longer wants) is void.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { hmac, safeEqual } from '../auth/tokens.ts';

export const LINK_MINUTES = 60;

export const emailHash = (email: string) => createHash('sha1').update(email).digest('hex');

const sign = (appKey: string, id: number, hash: string, expires: number) =>
  hmac(appKey, `verify:${id}:${hash}:${expires}`);

export function verificationLink(
  ctx: Pick<AppContext, 'clock' | 'appKey' | 'config'>,
  userId: number,
  email: string,
) {
  const hash = emailHash(email);
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + LINK_MINUTES * 60;
  const query = new URLSearchParams({
    id: String(userId),
    hash,
    expires: String(expires),
    signature: sign(ctx.appKey, userId, hash, expires),
  });
  return `${ctx.config.appUrl}/email?${query}`;
}

export const hasValidSignature = (
  ctx: Pick<AppContext, 'appKey'>,
  id: number,
  hash: string,
  expires: number,
  signature: string,
) => safeEqual(sign(ctx.appKey, id, hash, expires), signature);
