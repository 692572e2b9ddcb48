// Signed, expiring e-mail verification links (the spec's GET /api/email/verify/{id}/{hash}).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyQuerySchema } from '../../shared/account.ts';
import type { AppContext } from '../context.ts';
import { requireUser, type SessionUser } from '../auth/session.ts';
import { throttle } from '../auth/throttle.ts';
import { hmac, safeEqual } from '../auth/tokens.ts';
import { HttpError } from '../http/errors.ts';
import { verificationMail } from '../mail/templates.ts';

const LINK_MINUTES = 60;

const emailHash = (email: string) => createHash('sha1').update(email).digest('hex');
const sign = (appKey: string, id: number, hash: string, expires: number) =>
  hmac(appKey, `verify:${id}:${hash}:${expires}`);

export function verificationLink(ctx: AppContext, user: Pick<SessionUser, 'id' | 'email'>, now = Date.now()) {
  const hash = emailHash(user.email);
  const expires = Math.floor(now / 1000) + LINK_MINUTES * 60;
  const query = new URLSearchParams({
    id: String(user.id),
    hash,
    expires: String(expires),
    signature: sign(ctx.appKey, user.id, hash, expires),
  });
  return `${ctx.config.appUrl}/email?${query}`;
}

export const sendVerification = (ctx: AppContext, user: Pick<SessionUser, 'id' | 'email'>) =>
  ctx.mailer.send(verificationMail(user.email, verificationLink(ctx, user)));

export function verificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/account/email::resend', async (request, reply) => {
    const user = requireUser(request);
    if (user.email_verified_at) return { message: 'Deine E-Mail-Adresse ist bereits bestätigt.' };
    await throttle(db, `resend:${user.id}`, 3, 60);
    await sendVerification(ctx, user);
    return reply.status(202).send({ message: 'Neue E-Mail versendet' });
  });

  api.get(
    '/api/email/verify/:id/:hash',
    {
      schema: {
        params: z.object({
          id: z.coerce.number().int().positive(),
          hash: z.string().regex(/^[a-f0-9]{40}$/),
        }),
        querystring: verifyQuerySchema,
      },
    },
    async (request) => {
      const { id, hash } = request.params;
      const { expires, signature } = request.query;
      const invalid = new HttpError(
        403,
        'Der Bestätigungslink ist ungültig. Fordere bitte eine neue E-Mail an.',
      );
      if (!safeEqual(sign(ctx.appKey, id, hash, expires), signature)) throw invalid;
      if (expires * 1000 < Date.now()) {
        throw new HttpError(403, 'Der Bestätigungslink ist abgelaufen. Fordere bitte eine neue E-Mail an.');
      }
      const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      // A link for an address the user has since changed is no longer valid.
      if (!user || !safeEqual(emailHash(user.email), hash)) throw invalid;
      if (!user.email_verified_at) {
        await db
          .updateTable('users')
          .set({ email_verified_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
      }
      return { message: 'Deine E-Mail-Adresse ist bestätigt.', verified: true };
    },
  );
}
