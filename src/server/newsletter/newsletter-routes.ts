// Newsletter with double opt-in. POST /api/newsletter stores the address unconfirmed and queues
// a mail with a confirmation link (its token is made when the mail is rendered, only its SHA-256
// is stored, so the newest mail's link is the one that works); POST /api/newsletter:confirm
// confirms it. Both are public and throttled. The answer is the same whether the address is new,
// waiting or confirmed, so the form tells nobody who reads the newsletter.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponse } from '../../shared/api.ts';
import { NEWSLETTER_SENT, newsletterConfirmForm, newsletterForm } from '../../shared/newsletter.ts';
import type { AppContext } from '../context.ts';
import { withTx } from '../db/database.ts';
import { limits, throttle } from '../auth/throttle.ts';
import { sha256 } from '../auth/tokens.ts';
import { HttpError } from '../http/errors.ts';

export function newsletterRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/newsletter',
    { schema: { body: newsletterForm, response: { 202: messageResponse } }, config: { access: 'public' } },
    async (request, reply) => {
      const { email } = request.body;
      await throttle(ctx, `newsletter:${request.ip}`, limits.newsletterPerClient);
      await throttle(ctx, `newsletter:${email}`, limits.newsletterPerAddress);
      await withTx(db, async (tx) => {
        const existing = await tx
          .selectFrom('newsletter_signups')
          .select(['id', 'confirmed_at'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (existing?.confirmed_at) return;
        const id =
          existing?.id ??
          (
            await tx
              .insertInto('newsletter_signups')
              .values({ email, created_at: clock.now().toISOString() })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        await ctx.mail.enqueue(tx, { template: 'newsletter-confirm', signupId: id });
      });
      return reply.status(202).send({ message: NEWSLETTER_SENT });
    },
  );

  api.post(
    '/api/newsletter::confirm',
    {
      schema: { body: newsletterConfirmForm, response: { 200: messageResponse } },
      config: { access: 'public' },
    },
    async (request) => {
      await throttle(ctx, `newsletter-confirm:${request.ip}`, limits.reset);
      const hash = sha256(request.body.token);
      const row = await db
        .selectFrom('newsletter_signups')
        .select(['id', 'confirmed_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, 'Dieser Bestätigungslink ist ungültig oder veraltet.');
      if (!row.confirmed_at) {
        await db
          .updateTable('newsletter_signups')
          .set({ confirmed_at: clock.now().toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
      return { message: 'Danke! Deine Anmeldung zum Newsletter ist bestätigt.' };
    },
  );
}
