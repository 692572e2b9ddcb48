// The podcast's milestones (§3 Milestones, 'Meilensteine'): one text per tracked metric.
// The guard (access/guard.ts) decides with the route's action from src/shared/roles.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { milestonesResource, milestonesSchema } from '../../shared/podcasts.ts';
import type { AppContext } from '../context.ts';
import { withTx } from '../db/database.ts';
import { requirePodcast } from '../access/guard.ts';
import { loadMilestones } from './serialize-podcast.ts';

export function milestoneRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = idParam;

  // Sets the milestones sent; an empty text removes that one; metrics not sent stay as they are.
  api.post(
    '/api/podcasts/:id/milestones::batch',
    {
      schema: { params, body: milestonesSchema, response: { 200: milestonesResource } },
      config: { podcast: { action: 'milestones.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      await withTx(db, async (tx) => {
        for (const [key, value] of Object.entries(request.body.milestones)) {
          if (value === undefined) continue;
          if (value === '') {
            await tx
              .deleteFrom('podcast_milestones')
              .where('podcast_id', '=', podcastId)
              .where('metric', '=', key)
              .execute();
          } else {
            await tx
              .insertInto('podcast_milestones')
              .values({ podcast_id: podcastId, metric: key, value })
              .onConflict((oc) => oc.columns(['podcast_id', 'metric']).doUpdateSet({ value }))
              .execute();
          }
        }
      });
      return { data: await loadMilestones(db, podcastId) };
    },
  );
}
