// An experiment's activity log (§2 experiments.events.list), newest first.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, olderQuery } from '../../shared/api.ts';
import { eventsResponse } from '../../shared/experiments.ts';
import type { AppContext } from '../context.ts';
import { experimentRule, guardedExperiment } from './experiment-access.ts';
import { loadEvents } from './event-queries.ts';

export async function eventRoutes(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/experiments/:id/events',
    {
      schema: { params: idParam, querystring: olderQuery, response: { 200: eventsResponse } },
      config: { ...experimentRule('experiments.read'), answerCache: true },
    },
    async (request) => loadEvents(db, guardedExperiment(request).experimentId, request.query.before),
  );
}
