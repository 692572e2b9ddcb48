// E-mail confirmation: resend, and the spec's GET /api/email/verify/{id}/{hash} behind the
// mailed link. Confirming a pending address makes it the account's address.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verificationResponse, verifyQuerySchema } from '../../shared/account.ts';
import { id, messageResponse } from '../../shared/api.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import { requireUser } from '../access/session.ts';
import { limits, throttle } from '../auth/throttle.ts';
import { safeEqual } from '../auth/tokens.ts';
import { HttpError } from '../http/errors.ts';
import { emailHash, hasValidSignature } from './verification-links.ts';

const linkSchema = verifyQuerySchema.extend({ id, hash: z.string().regex(/^[a-f0-9]{40}$/) });

export function verificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/account/email::resend',
    // 200: nothing to confirm any more; 202: a new mail is on its way.
    { schema: { response: { 200: messageResponse, 202: messageResponse } }, config: { access: 'user' } },
    async (request, reply) => {
      const user = requireUser(request);
      if (user.email_verified_at && !user.pending_email) {
        return { message: 'Deine E-Mail-Adresse ist bereits bestätigt.' };
      }
      await throttle(ctx, `resend:${user.id}`, limits.resend);
      await ctx.mail.enqueue(db, { template: 'verification', userId: user.id });
      return reply.status(202).send({ message: 'Neue E-Mail versendet' });
    },
  );

  const invalidLink = () =>
    new HttpError(403, 'Der Bestätigungslink ist ungültig. Fordere bitte eine neue E-Mail an.');

  api.get(
    '/api/email/verify/:id/:hash',
    {
      // Any malformed part makes the whole link invalid: one sentence for all of them.
      schema: {
        params: z.object({ id: z.string(), hash: z.string() }),
        querystring: z.looseObject({}),
        response: { 200: verificationResponse },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const params = linkSchema.safeParse({ ...request.params, ...request.query });
      if (!params.success) throw invalidLink();
      const { id: userId, hash, expires, signature } = params.data;
      if (!hasValidSignature(ctx, userId, hash, expires, signature)) throw invalidLink();
      if (expires * 1000 < clock.now().getTime()) {
        throw new HttpError(403, 'Der Bestätigungslink ist abgelaufen. Fordere bitte eine neue E-Mail an.');
      }
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) throw invalidLink();
      const now = clock.now().toISOString();
      if (user.pending_email && safeEqual(emailHash(user.pending_email), hash)) {
        await db
          .updateTable('users')
          .set({ email: user.pending_email, pending_email: null, email_verified_at: now, updated_at: now })
          .where('id', '=', userId)
          .execute()
          .catch((error: unknown) => {
            // Someone registered the address in the meantime.
            if (!isUniqueViolation(error)) throw error;
            throw new HttpError(409, 'Diese E-Mail-Adresse ist inzwischen bereits registriert.');
          });
        return { message: 'Deine neue E-Mail-Adresse ist bestätigt.', verified: true };
      }
      // A link for an address the user has since changed (or given up) is no longer valid.
      if (!safeEqual(emailHash(user.email), hash)) throw invalidLink();
      if (!user.email_verified_at) {
        await db.updateTable('users').set({ email_verified_at: now }).where('id', '=', userId).execute();
      }
      return { message: 'Deine E-Mail-Adresse ist bestätigt.', verified: true };
    },
  );
}
