// Podcast-independent reads of one method: GET /api/practices/{id} and its parts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam } from '../../shared/api.ts';
import { compilationsResponse } from '../../shared/compilations.ts';
import {
  practiceActionsResponse,
  practiceContentResponse,
  practiceContextResponse,
  practiceMetricsResponse,
  practiceRatingResponse,
  practiceResponse,
} from '../../shared/practices.ts';
import { levelPoints, metric, type MetricKey } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/session.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { renderedJsonCache, sendRendered } from '../http/cached-json.ts';
import { notFound } from '../http/errors.ts';
import { podcastAccess } from '../podcasts/guard.ts';
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

export function practiceRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The schema of a part: its id parameter and its 200 answer. */
  const part = <R extends z.ZodType>(response: R) => ({ params: idParam, response: { 200: response } });

  /** Every read needs a verified user and an existing method. */
  async function load(request: Parameters<typeof requireUser>[0], id: number) {
    requireUser(request);
    const practice = await findPractice(db, id);
    if (!practice) throw notFound(missing.practice);
    return practice;
  }

  // The method page is the hottest read. Its answer is the same for every user (the per-podcast
  // fields are constants until the recommendation engine exists; then they go into the key) and
  // changes only when the content is re-seeded and when the Berlin day changes (the experiment
  // dates), so it is rendered once per method, content version and day and then sent as it is.
  // The pre-rendered body skips the serializer, so it is checked against the contract when it is
  // rendered.
  const practiceBodies = renderedJsonCache(256);
  api.get(
    '/api/practices/:id',
    {
      schema: {
        params: idParam,
        querystring: z.object({ context: id.optional() }),
        response: { 200: practiceResponse },
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const key = `${request.params.id}:${await contentVersion(db)}:${berlinDate(now)}`;
      let body = practiceBodies.get(key);
      if (!body) {
        const practice = await findPracticeSummary(db, request.params.id);
        if (!practice) throw notFound(missing.practice);
        body = practiceBodies.set(
          key,
          practiceResponse.parse({ data: await serializePractice(db, practice, now) }),
        );
      }
      const podcastId = request.query.context;
      // The podcast guard's rule (404 for a non-member); asked only when a podcast is named.
      if (podcastId !== undefined) {
        await podcastAccess(db, now, requireUser(request), podcastId, { action: 'podcast.read' });
      }
      return sendRendered(reply, body, request.headers['accept-encoding']);
    },
  );

  api.get('/api/practices/:id/content', { schema: part(practiceContentResponse) }, async (request) => {
    const practice = await load(request, request.params.id);
    if (!practice.description.trim()) throw notFound(missing.content);
    return { data: { content: practice.description } };
  });

  api.get('/api/practices/:id/context', { schema: part(practiceContextResponse) }, async (request) => {
    await load(request, request.params.id);
    const context = await practiceContext(db, request.params.id);
    if (!context) throw notFound(missing.context);
    return { data: context };
  });

  api.get('/api/practices/:id/actions', { schema: part(practiceActionsResponse) }, async (request) => {
    await load(request, request.params.id);
    return { data: await practiceActions(db, request.params.id) };
  });

  api.get('/api/practices/:id/rating', { schema: part(practiceRatingResponse) }, async (request) => {
    await load(request, request.params.id);
    const rating = await practiceRating(db, request.params.id);
    if (!rating) throw notFound(missing.rating);
    return { data: rating };
  });

  // The metrics a method can move, strongest first; the experiment evaluation asks for these.
  api.get('/api/practices/:id/metrics', { schema: part(practiceMetricsResponse) }, async (request) => {
    await load(request, request.params.id);
    const rating = await practiceRating(db, request.params.id);
    if (!rating) return { data: [] };
    const points = (k: MetricKey) => levelPoints[rating[k].key];
    return {
      data: metric.keys
        .filter((k) => points(k) > 0)
        .sort((a, b) => points(b) - points(a))
        .map((k) => ({ id: k, title: metric.labels[k], potential: rating[k] })),
    };
  });

  api.get('/api/practices/:id/compilations', { schema: part(compilationsResponse) }, async (request) => {
    await load(request, request.params.id);
    return { data: await compilationsOf(db, { practiceId: request.params.id }) };
  });
}
