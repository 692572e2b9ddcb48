import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userResponse } from '../../shared/account.ts';
import { idParam } from '../../shared/api.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/session.ts';
import { notFound } from '../http/errors.ts';
import { serializeUser } from './serialize-user.ts';

export function userRoutes(app: FastifyInstance, { db }: AppContext) {
  // Studio profiles are visible to every verified user; the e-mail address stays private.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/users/:id',
      { schema: { params: idParam, response: { 200: userResponse } }, config: { access: 'own-account' } },
      async (request) => {
        const viewer = requireUser(request);
        const user = await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!user) throw notFound('Diesen Benutzer gibt es nicht.');
        return { data: await serializeUser(db, user, viewer) };
      },
    );
}
