import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountPodcastsResponse } from '../../shared/podcasts.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/session.ts';

export function accountPodcastRoutes(app: FastifyInstance, { db }: AppContext) {
  // The podcasts the user can select: those with an active membership.
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/account/podcasts',
    { schema: { response: { 200: accountPodcastsResponse } } },
    async (request) => {
      const user = requireUser(request);
      const rows = await db
        .selectFrom('podcasts')
        .innerJoin('memberships', 'memberships.podcast_id', 'podcasts.id')
        .select(['podcasts.id', 'podcasts.title', 'podcasts.owner_id'])
        .where('memberships.user_id', '=', user.id)
        .where('memberships.active', '=', 1)
        .orderBy('podcasts.title')
        .execute();
      return { data: rows.map((p) => ({ id: p.id, title: p.title, own_podcast: p.owner_id === user.id })) };
    },
  );
}
