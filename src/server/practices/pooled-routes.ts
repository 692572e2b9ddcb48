// GET /api/podcasts/{id}/pooled-effects: what every finished experiment taught about the methods,
// for this podcast's kind (pooled-evidence.md). Every active member may read it, Basic too
// (Entscheidung PRA-1: it shows no score of the podcast, only what other podcasts measured).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { pooledEffectsResponse } from '../../shared/pooled-effects.ts';
import type { AppContext } from '../context.ts';
import { requirePodcast } from '../access/guard.ts';
import { pooledEffects } from './pooled-queries.ts';

export function pooledRoutes(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/podcasts/:id/pooled-effects',
    {
      schema: { params: idParam, response: { 200: pooledEffectsResponse } },
      config: { podcast: { action: 'podcast.read' } },
    },
    async (request) => ({ data: await pooledEffects(db, requirePodcast(request).podcast.id) }),
  );
}
