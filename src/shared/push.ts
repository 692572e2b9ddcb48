// Web Push: a device's subscription as the browser gives it
// (`PushSubscription.toJSON()`), the server's public VAPID key, and the notification's payload.
import { z } from 'zod';
import { resource, text } from './api.ts';

export const pushMessages = {
  endpoint: 'Diese Push-Adresse ist ungültig.',
  https: 'Push-Adressen müssen mit https:// beginnen.',
  refused: 'An diese Adresse dürfen wir keine Benachrichtigungen senden.',
  p256dh: 'Der Schlüssel (p256dh) ist ungültig.',
  auth: 'Das Geheimnis (auth) ist ungültig.',
  subscribed: 'Benachrichtigungen sind auf diesem Gerät eingeschaltet.',
  unsubscribed: 'Benachrichtigungen sind auf diesem Gerät ausgeschaltet.',
  taken: 'Diese Push-Adresse gehört zu einem anderen Gerät.',
};

/** Longest endpoint we keep (real ones are 150–500 characters). */
export const ENDPOINT_MAX = 2048;

/*
 * base64url without padding (an optional `=` tail is accepted): an uncompressed P-256 point is 65
 * bytes = 87 characters starting with 'B' (the byte 0x04); the auth secret is 16 bytes = 22
 * characters. The last character may only carry as many bits as are left over.
 */
const P256DH = /^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]=?$/;
const AUTH = /^[A-Za-z0-9_-]{21}[AQgw](==)?$/;

/** The one text schema (src/shared/api.ts): no control characters reach either database. */
const endpoint = text(ENDPOINT_MAX, { required: pushMessages.endpoint, tooLong: pushMessages.endpoint });

export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: pushMessages.p256dh }).regex(P256DH, pushMessages.p256dh),
      auth: z.string({ error: pushMessages.auth }).regex(AUTH, pushMessages.auth),
    },
    { error: pushMessages.p256dh },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint });

/** GET /api/push/key: the application server key for `pushManager.subscribe`. */
export const pushKeyResponse = resource(z.object({ public_key: z.string() }));

/** What a push carries; the service worker shows it (sw/push.ts). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The tip in the app: `/app/assistances/{id}`. */
  url: z.string(),
  /** One notification per tip: a second push of the same tip replaces the first. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
