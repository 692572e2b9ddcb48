// Podcast-independent reads of one method: GET /api/practices/{id} and its parts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../shared/api.ts';
import { levelPoints, metric, type MetricKey } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import { requireVerifiedUser } from '../auth/session.ts';
import { forbidden, notFound } from '../http/errors.ts';
import {
  compilationsOf,
  findPractice,
  findPracticeSummary,
  practiceActions,
  practiceContext,
  practiceRating,
  serializePractice,
} from './practice-queries.ts';

const missing = {
  practice: 'Diese Methode gibt es nicht.',
  content: 'Für diese Methode gibt es noch keine Beschreibung.',
  context: 'Für diese Methode wurde noch keine Einordnung vorgenommen.',
  rating: 'Für diese Methode wurden noch keine Potenziale definiert.',
};

export function practiceRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = { params: idParam };

  /** Every read needs a verified user and an existing method. */
  async function load(request: Parameters<typeof requireVerifiedUser>[0], id: number) {
    requireVerifiedUser(request);
    const practice = await findPractice(db, id);
    if (!practice) throw notFound(missing.practice);
    return practice;
  }

  api.get(
    '/api/practices/:id',
    {
      schema: {
        ...params,
        querystring: z.object({ context: z.coerce.number().int().positive().optional() }),
      },
    },
    async (request) => {
      requireVerifiedUser(request);
      const practice = await findPracticeSummary(db, request.params.id);
      if (!practice) throw notFound(missing.practice);
      const podcastId = request.query.context;
      if (podcastId !== undefined) {
        const member = await db
          .selectFrom('memberships')
          .select('id')
          .where('podcast_id', '=', podcastId)
          .where('user_id', '=', request.user!.id)
          .where('active', '=', 1)
          .executeTakeFirst();
        if (!member) throw forbidden('Du gehörst nicht zum Team dieses Podcasts.');
      }
      return { data: await serializePractice(db, practice) };
    },
  );

  api.get('/api/practices/:id/content', { schema: params }, async (request) => {
    const practice = await load(request, request.params.id);
    if (!practice.description.trim()) throw notFound(missing.content);
    return { data: { content: practice.description } };
  });

  api.get('/api/practices/:id/context', { schema: params }, async (request) => {
    await load(request, request.params.id);
    const context = await practiceContext(db, request.params.id);
    if (!context) throw notFound(missing.context);
    return { data: context };
  });

  api.get('/api/practices/:id/actions', { schema: params }, async (request) => {
    await load(request, request.params.id);
    return { data: await practiceActions(db, request.params.id) };
  });

  api.get('/api/practices/:id/rating', { schema: params }, async (request) => {
    await load(request, request.params.id);
    const rating = await practiceRating(db, request.params.id);
    if (!rating) throw notFound(missing.rating);
    return { data: rating };
  });

  // The metrics a method can move, strongest first; the experiment evaluation asks for these.
  api.get('/api/practices/:id/metrics', { schema: params }, async (request) => {
    await load(request, request.params.id);
    const rating = await practiceRating(db, request.params.id);
    if (!rating) return { data: [] };
    const points = (k: MetricKey) => levelPoints[rating[k]!.key as keyof typeof levelPoints];
    return {
      data: metric.keys
        .filter((k) => points(k) > 0)
        .sort((a, b) => points(b) - points(a))
        .map((k) => ({ id: k, title: metric.labels[k], potential: rating[k] })),
    };
  });

  api.get('/api/practices/:id/compilations', { schema: params }, async (request) => {
    await load(request, request.params.id);
    return { data: await compilationsOf(db, { practiceId: request.params.id }) };
  });
}
