// The podcast's strategy (§3 Strategy, 'Podcast-Strategie'): seven free-text answers.
// The guard (access/guard.ts) decides with the route's action from src/shared/roles.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { strategyResource, strategySchema } from '../../shared/podcasts.ts';
import { strategyFields } from '../../shared/strategy.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { requirePodcast } from '../access/guard.ts';

async function readStrategy(db: Db, podcastId: number) {
  const row = await db
    .selectFrom('podcast_strategies')
    .selectAll()
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  return Object.fromEntries(strategyFields.map((k) => [k, row?.[k] ?? null])) as Record<
    (typeof strategyFields)[number],
    string | null
  >;
}

export function strategyRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = idParam;
  const read = { podcast: { action: 'podcast.read' as const } };

  api.get(
    '/api/podcasts/:id/strategy',
    { schema: { params, response: { 200: strategyResource } }, config: read },
    async (request) => ({ data: await readStrategy(db, requirePodcast(request).podcast.id) }),
  );
  // The whole strategy at once; an empty or missing answer is stored as none.
  api.put(
    '/api/podcasts/:id/strategy',
    {
      schema: { params, body: strategySchema, response: { 200: strategyResource } },
      config: { podcast: { action: 'strategy.update' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      const answers = Object.fromEntries(strategyFields.map((k) => [k, request.body[k] || null]));
      await db
        .insertInto('podcast_strategies')
        .values({ podcast_id: podcastId, ...answers })
        .onConflict((oc) => oc.column('podcast_id').doUpdateSet(answers))
        .execute();
      return { data: await readStrategy(db, podcastId) };
    },
  );
}
