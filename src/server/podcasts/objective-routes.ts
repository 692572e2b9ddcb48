// The podcast's goals (§3 Objective, 'Podcast-Ziele'): how important each of the eight metrics is.
// The guard (access/guard.ts) decides with the route's action from src/shared/roles.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { objectiveResource, objectiveSchema } from '../../shared/podcasts.ts';
import { importance, metric, type MetricKey } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { refreshScores } from '../practices/recommend.ts';
import { requirePodcast } from '../access/guard.ts';

/** The stored key if it is one of `keys`, else null (a value no longer in the vocabulary). */
export const pick = <K extends string>(keys: readonly K[], value: string | null | undefined): K | null =>
  value && (keys as readonly string[]).includes(value) ? (value as K) : null;

async function readObjective(db: Db, podcastId: number) {
  const row = await db
    .selectFrom('podcast_objectives')
    .selectAll()
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  return Object.fromEntries(metric.keys.map((k) => [k, pick(importance.keys, row?.[k])])) as Record<
    MetricKey,
    (typeof importance.keys)[number] | null
  >;
}

export function objectiveRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = idParam;
  const read = { podcast: { action: 'podcast.read' as const } };

  api.get(
    '/api/podcasts/:id/objective',
    { schema: { params, response: { 200: objectiveResource } }, config: read },
    async (request) => ({ data: await readObjective(db, requirePodcast(request).podcast.id) }),
  );
  api.put(
    '/api/podcasts/:id/objective',
    {
      schema: { params, body: objectiveSchema, response: { 200: objectiveResource } },
      config: { podcast: { action: 'objective.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      const values = { podcast_id: podcastId, ...request.body };
      await db
        .insertInto('podcast_objectives')
        .values(values)
        .onConflict((oc) => oc.column('podcast_id').doUpdateSet(request.body))
        .execute();
      await refreshScores(db, podcastId, clock.now()); // the goals are the engine's input
      return { data: await readObjective(db, podcastId) };
    },
  );
}
