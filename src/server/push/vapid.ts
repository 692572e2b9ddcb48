// The VAPID key pair (RFC 8292) that signs every push: made on the first start and kept in the
// database, so every process of a scaled-out deployment signs with the same key and the browsers'
// subscriptions (bound to the public key) stay valid across restarts. Two processes starting at
// once both try to insert; one wins, and both read back the winner's pair.
import { secret } from '../auth/secrets.ts';
import type { Database } from '../db/database.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

export const VAPID_SECRET = 'vapid_keys';

export async function vapidKeys(db: Database): Promise<VapidKeys> {
  // web-push is loaded only when the keys are made (the first start) or a push is sent.
  const stored = await secret(db, VAPID_SECRET, async () =>
    JSON.stringify((await import('web-push')).default.generateVAPIDKeys()),
  );
  const { publicKey, privateKey } = JSON.parse(stored) as VapidKeys;
  return { publicKey, privateKey };
}
