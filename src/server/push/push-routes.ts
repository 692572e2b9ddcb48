// Web Push for signed-in, verified users (the access hook's default; writes need the CSRF token):
// the public VAPID key, and a device's subscription (`PushSubscription.toJSON()`) added or removed.
import { createECDH } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponse } from '../../shared/api.ts';
import {
  pushKeyResponse,
  pushMessages,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../shared/push.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../access/session.ts';
import { HttpError, invalid } from '../http/errors.ts';
import { classifyEndpoint } from './endpoint-policy.ts';

/** Devices one user may have subscribed; the oldest beyond that are dropped. */
export const DEVICES_PER_USER = 20;

/** Whether `p256dh` is a point on P-256 (the regex checked only its form). */
function isCurvePoint(p256dh: string) {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

export function pushRoutes(app: FastifyInstance, ctx: AppContext, publicKey: string) {
  const { db, clock, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/push/key', { schema: { response: { 200: pushKeyResponse } } }, async () => ({
    data: { public_key: publicKey },
  }));

  // An endpoint belongs to the device that registered it, and the device proves itself by its keys
  // (the browser keeps p256dh and the auth secret with the endpoint). Entscheidung PUSH-1:
  // - the same user again: the keys are updated (a renewed subscription);
  // - another user with the same keys: the same device changed hands (someone else logged in on
  //   it), so it moves to that user;
  // - another user with other keys: a takeover (someone who only knows the URL), refused with 409,
  //   and the row stays as it was. One conditional upsert decides, so two requests cannot race.
  api.post(
    '/api/account/push-subscriptions',
    { schema: { body: pushSubscriptionSchema, response: { 200: messageResponse } } },
    async (request) => {
      const user = requireUser(request);
      const { endpoint, keys } = request.body;
      const verdict = classifyEndpoint(endpoint, config.push);
      if (!verdict.allowed) throw invalid({ endpoint: [verdict.message] });
      if (!isCurvePoint(keys.p256dh)) throw invalid({ 'keys.p256dh': [pushMessages.p256dh] });
      const now = clock.now().toISOString();
      const written = await db
        .insertInto('push_subscriptions')
        .values({
          user_id: user.id,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('endpoint')
            .doUpdateSet({ user_id: user.id, p256dh: keys.p256dh, auth: keys.auth, updated_at: now })
            .where((eb) =>
              eb.or([
                eb('push_subscriptions.user_id', '=', user.id),
                eb.and([
                  eb('push_subscriptions.p256dh', '=', keys.p256dh),
                  eb('push_subscriptions.auth', '=', keys.auth),
                ]),
              ]),
            ),
        )
        .executeTakeFirst();
      if (Number(written.numInsertedOrUpdatedRows ?? 0) === 0) {
        throw new HttpError(409, pushMessages.taken, { endpoint: [pushMessages.taken] });
      }
      const surplus = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', user.id)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .offset(DEVICES_PER_USER)
        .limit(1000)
        .execute();
      if (surplus.length > 0) {
        await db
          .deleteFrom('push_subscriptions')
          .where(
            'id',
            'in',
            surplus.map((s) => s.id),
          )
          .execute();
      }
      return { message: pushMessages.subscribed };
    },
  );

  // Only the user's own device is removed; an unknown endpoint answers the same (it is off).
  api.delete(
    '/api/account/push-subscriptions',
    { schema: { body: pushUnsubscribeSchema, response: { 200: messageResponse } } },
    async (request) => {
      const user = requireUser(request);
      await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', request.body.endpoint)
        .where('user_id', '=', user.id)
        .execute();
      return { message: pushMessages.unsubscribed };
    },
  );
}
