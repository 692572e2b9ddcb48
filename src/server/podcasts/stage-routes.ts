// The podcast's stage (§3 Stage, 'Empfehlungen personalisieren'): time and money it can spend, its
// audience size. The guard (access/guard.ts) decides with the route's action from src/shared/roles.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { stageResource, stageSchema } from '../../shared/podcasts.ts';
import { audienceSize, budget, timeEffort } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { refreshScores } from '../practices/recommend.ts';
import { requirePodcast } from '../access/guard.ts';
import { pick } from './objective-routes.ts';

async function readStage(db: Db, podcastId: number) {
  const row = await db
    .selectFrom('podcast_stages')
    .selectAll()
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  return {
    commitment: pick(timeEffort.keys, row?.commitment),
    expansion: pick(audienceSize.keys, row?.expansion),
    investment: pick(budget.keys, row?.investment),
  };
}

export function stageRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = idParam;
  const read = { podcast: { action: 'podcast.read' as const } };

  api.get(
    '/api/podcasts/:id/stage',
    { schema: { params, response: { 200: stageResource } }, config: read },
    async (request) => ({ data: await readStage(db, requirePodcast(request).podcast.id) }),
  );
  api.put(
    '/api/podcasts/:id/stage',
    {
      schema: { params, body: stageSchema, response: { 200: stageResource } },
      config: { podcast: { action: 'stage.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      await db
        .insertInto('podcast_stages')
        .values({ podcast_id: podcastId, ...request.body })
        .onConflict((oc) => oc.column('podcast_id').doUpdateSet(request.body))
        .execute();
      await refreshScores(db, podcastId, clock.now()); // the stage is the engine's input
      return { data: await readStage(db, podcastId) };
    },
  );
}
