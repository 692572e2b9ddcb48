// POST /api/feedback: the feedback page and the help-centre widget store a message with the page
// it was given on. Open to guests too (the landing page's visitors), throttled per client.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponse } from '../../shared/api.ts';
import { feedbackForm } from '../../shared/feedback.ts';
import type { AppContext } from '../context.ts';
import { limits, throttle } from '../auth/throttle.ts';

export function feedbackRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/feedback',
      { schema: { body: feedbackForm, response: { 201: messageResponse } }, config: { access: 'public' } },
      async (request, reply) => {
        const user = request.user;
        await throttle(ctx, user ? `feedback:user:${user.id}` : `feedback:${request.ip}`, limits.feedback);
        const { message, page, email } = request.body;
        await db
          .insertInto('feedback')
          .values({
            user_id: user?.id ?? null,
            email: user?.email ?? (email || null),
            message,
            page,
            created_at: clock.now().toISOString(),
          })
          .execute();
        return reply.status(201).send({ message: 'Danke für dein Feedback!' });
      },
    );
}
