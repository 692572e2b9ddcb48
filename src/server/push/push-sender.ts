// One push to one device: web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
// header; we send it ourselves, through the same SSRF guard as the feed fetch (the endpoint's
// host resolved and checked now, the socket pinned to the checked address), within a time limit.
import http from 'node:http';
import https from 'node:https';
import type { PushPayload } from '../../shared/push.ts';
import type { PushConfig } from '../config.ts';
import { checkedTarget, pinnedLookup } from '../feeds/safe-fetch.ts';
import type { VapidKeys } from './vapid.ts';

export type Device = { endpoint: string; p256dh: string; auth: string };

/** How long a push service keeps an undelivered tip (a day: older tips are not news). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** The push service's status code; throws on refused addresses, network errors and the time limit. */
export async function sendPush(
  config: PushConfig,
  vapid: VapidKeys,
  device: Device,
  payload: PushPayload,
): Promise<number> {
  // Loaded at the first push, not at start (a start's CPU).
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: config.subject, ...vapid },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  const url = new URL(device.endpoint);
  const signal = AbortSignal.timeout(config.timeoutMs);
  const target = await checkedTarget(url, config, signal);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: pinnedLookup(target),
      signal,
      headers: details.headers as Record<string, string | number>,
    });
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
    request.end(details.body);
  });
}
