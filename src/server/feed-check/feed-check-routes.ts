// GET /api/podcasts/{id}/feed-check: the newest Feed-Check of the podcast's feed. Every role
// reads it; the methods that address a finding are Pro's. The check runs at import, at each
// refresh (POST /api/podcasts/{id}:refresh, the screen's button) and once a day (feed-check.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { feedCheckMessages, feedCheckResource } from '../../shared/feed-check.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { requirePodcast } from '../access/guard.ts';
import { loadFeedCheck } from './feed-check-queries.ts';

export function feedCheckRoutes(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/podcasts/:id/feed-check',
    {
      schema: { params: idParam, response: { 200: feedCheckResource } },
      config: { podcast: { action: 'podcast.read' } },
    },
    async (request) => {
      const { podcast, plan } = requirePodcast(request);
      const report = await loadFeedCheck(db, podcast.id, plan.active);
      if (!report) throw notFound(podcast.rss_uri ? feedCheckMessages.none : feedCheckMessages.noFeed);
      return { data: report };
    },
  );
}
