// The user's podcasts: the list to select from and the selected one (the context, kept per user).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { accountPodcastsResponse, contextResource, podcastResource } from '../../shared/podcasts.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../access/session.ts';
import { optionalPodcast, requirePodcast } from '../access/guard.ts';
import { serializePodcast } from './serialize-podcast.ts';

export function contextRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The podcasts the user can select: those with an active membership.
  api.get(
    '/api/account/podcasts',
    { schema: { response: { 200: accountPodcastsResponse } }, config: { answerCache: 'user' } },
    async (request) => {
      const user = requireUser(request);
      const rows = await db
        .selectFrom('podcasts')
        .innerJoin('memberships', 'memberships.podcast_id', 'podcasts.id')
        .select(['podcasts.id', 'podcasts.title', 'memberships.role'])
        .where('memberships.user_id', '=', user.id)
        .where('memberships.active', '=', 1)
        .orderBy('podcasts.title')
        .orderBy('podcasts.id')
        .execute();
      return { data: rows.map((p) => ({ id: p.id, title: p.title, own_podcast: p.role === 'owner' })) };
    },
  );

  // The selected podcast; when none is stored (or it is no longer selectable), the first one
  // the user can select (access/kinds.ts, kind `selected`); null when there is none.
  api.get(
    '/api/account/context',
    {
      schema: { response: { 200: contextResource } },
      config: { podcast: { via: 'selected', action: 'podcast.read' }, answerCache: true },
    },
    async (request) => {
      const access = optionalPodcast(request);
      return { data: access && (await serializePodcast(db, access)) };
    },
  );

  api.post(
    '/api/account/context/:id',
    {
      schema: { params: idParam, response: { 200: podcastResource } },
      config: { podcast: { action: 'podcast.read' } },
    },
    async (request) => {
      const user = requireUser(request);
      const access = requirePodcast(request);
      await db
        .insertInto('user_contexts')
        .values({ user_id: user.id, podcast_id: access.podcast.id })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ podcast_id: access.podcast.id }))
        .execute();
      return { data: await serializePodcast(db, access) };
    },
  );
}
