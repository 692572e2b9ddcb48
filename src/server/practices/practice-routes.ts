// Podcast-independent reads of one method: GET /api/practices/{id} and its parts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../shared/api.ts';
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
import { requireUser } from '../access/session.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { contentVersion, knownContentVersion } from '../db/seed/seed.ts';
import { renderedJsonCache, sendRendered } from '../http/cached-json.ts';
import { notFound } from '../http/errors.ts';
import { optionalPodcast } from '../access/guard.ts';
import {
  practiceContextQuery,
  similaritiesQuery,
  similaritiesResponse,
  WIDGET_ITEMS,
} from '../../shared/podcast-practices.ts';
import { findPodcastPractice, podcastPracticesById } from './podcast-practice-queries.ts';
import { ensureScores, similarPractices } from './recommend.ts';
import { flaggedIds } from './engine-inputs.ts';
import {
  compilationsOf,
  findPractice,
  findPracticeSummary,
  practiceActions,
  practiceContext,
  practiceRating,
  serializePractice,
  serializePractices,
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
  /** Methods are content every account reads: the id names nothing of a podcast. */
  const content = { access: 'own-account' } as const;
  /** In a podcast's context (`?context={id}`) the guard checks the caller's membership. */
  const inContext = { access: 'own-account', podcast: { via: 'context', action: 'podcast.read' } } as const;

  /** Every read needs a verified user and an existing method. */
  async function load(request: Parameters<typeof requireUser>[0], id: number) {
    requireUser(request);
    const practice = await findPractice(db, id);
    if (!practice) throw notFound(missing.practice);
    return practice;
  }

  // The method page is the hottest read. Without a podcast in context its answer is the same for
  // every user and changes only when the content is re-seeded and when the Berlin day changes (the
  // experiment dates), so it is rendered once per method, content version and day and then sent as
  // it is. The pre-rendered body skips the serializer, so it is checked against the contract when
  // it is rendered.
  const practiceBodies = renderedJsonCache(256);
  const bodyKey = (id: unknown, version: string) => `${String(id)}:${version}:${berlinDate(clock.now())}`;
  api.get(
    '/api/practices/:id',
    {
      schema: {
        params: idParam,
        querystring: practiceContextQuery,
        response: { 200: practiceResponse },
      },
      config: inContext,
      // A body rendered already goes out right after the access hook, without validation and
      // handler. Only a request without a query string and an id as the renderer wrote it (`1`,
      // never `01`) can match a key; every other request takes the route's way.
      onRequest(request, reply, done) {
        const version = knownContentVersion(db);
        const { id } = request.params as { id: unknown };
        const body =
          version !== undefined && !request.url.includes('?')
            ? practiceBodies.get(bodyKey(id, version))
            : undefined;
        if (body) sendRendered(reply, body, request.headers['accept-encoding']);
        else done();
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const access = optionalPodcast(request);
      // In a podcast's context (the guard's rule: 404 for a non-member) the method carries that
      // podcast's flags and, for Pro, its score and reasons; that answer is not cached.
      if (access) {
        const podcastId = access.podcast.id;
        const ranking = access.plan.active ? await ensureScores(db, podcastId, now) : undefined;
        const practice = await findPodcastPractice(db, podcastId, request.params.id, now, ranking);
        if (!practice) throw notFound(missing.practice);
        return { data: practice };
      }
      const key = bodyKey(request.params.id, await contentVersion(db));
      let body = practiceBodies.get(key);
      if (!body) {
        const practice = await findPracticeSummary(db, request.params.id);
        if (!practice) throw notFound(missing.practice);
        body = practiceBodies.set(
          key,
          practiceResponse.parse({ data: await serializePractice(db, practice, now) }),
        );
      }
      return sendRendered(reply, body, request.headers['accept-encoding']);
    },
  );

  api.get(
    '/api/practices/:id/content',
    { config: content, schema: part(practiceContentResponse) },
    async (request) => {
      const practice = await load(request, request.params.id);
      if (!practice.description.trim()) throw notFound(missing.content);
      return { data: { content: practice.description } };
    },
  );

  api.get(
    '/api/practices/:id/context',
    { config: content, schema: part(practiceContextResponse) },
    async (request) => {
      await load(request, request.params.id);
      const context = await practiceContext(db, request.params.id);
      if (!context) throw notFound(missing.context);
      return { data: context };
    },
  );

  api.get(
    '/api/practices/:id/actions',
    { config: content, schema: part(practiceActionsResponse) },
    async (request) => {
      await load(request, request.params.id);
      return { data: await practiceActions(db, request.params.id) };
    },
  );

  api.get(
    '/api/practices/:id/rating',
    { config: content, schema: part(practiceRatingResponse) },
    async (request) => {
      await load(request, request.params.id);
      const rating = await practiceRating(db, request.params.id);
      if (!rating) throw notFound(missing.rating);
      return { data: rating };
    },
  );

  // The metrics a method can move, strongest first; the experiment evaluation asks for these.
  api.get(
    '/api/practices/:id/metrics',
    { config: content, schema: part(practiceMetricsResponse) },
    async (request) => {
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
    },
  );

  // 'Passende Methoden': the most similar methods (recommend-engine.ts practiceSimilarity). With
  // `context` the related methods carry that podcast's flags (and, for Pro, its scores), and its
  // rejected methods are left out.
  api.get(
    '/api/practices/:id/similarities',
    {
      schema: { params: idParam, querystring: similaritiesQuery, response: { 200: similaritiesResponse } },
      config: inContext,
    },
    async (request) => {
      const now = clock.now();
      const access = optionalPodcast(request);
      await load(request, request.params.id);
      // In a podcast's context its rejected methods are not suggested.
      const rejected = access
        ? await flaggedIds(db, 'practice_rejections', access.podcast.id)
        : new Set<number>();
      const similar = await similarPractices(
        db,
        request.params.id,
        request.query.limit ?? WIDGET_ITEMS,
        rejected,
      );
      const ids = similar.map((s) => s.id);
      let relations;
      if (access) {
        const ranking = access.plan.active ? await ensureScores(db, access.podcast.id, now) : undefined;
        relations = await podcastPracticesById(db, access.podcast.id, ids, now, ranking);
      } else {
        const rows = await Promise.all(ids.map((i) => findPracticeSummary(db, i)));
        relations = await serializePractices(
          db,
          rows.filter((r) => r !== undefined),
          now,
        );
      }
      const byId = new Map(relations.map((p) => [p.id, p]));
      return {
        data: similar.flatMap((s) => {
          const relation = byId.get(s.id);
          return relation ? [{ id: s.id, relation_id: s.id, relation, similarity: s.similarity }] : [];
        }),
      };
    },
  );

  api.get(
    '/api/practices/:id/compilations',
    { config: content, schema: part(compilationsResponse) },
    async (request) => {
      await load(request, request.params.id);
      return { data: await compilationsOf(db, { practiceId: request.params.id }) };
    },
  );
}
