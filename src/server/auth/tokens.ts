import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = () => randomBytes(32).toString('base64url');

// The one-shot hash: the session cookie is hashed on every API request.
export const sha256 = (value: string) => hash('sha256', value, 'hex');

export const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
