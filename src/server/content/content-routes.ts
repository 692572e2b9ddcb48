// Editorial reads: sets, keywords, advices, categories, changelog and roadmap.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { idParam } from '../../shared/api.ts';
import { compilationResponse, compilationsResponse } from '../../shared/compilations.ts';
import {
  adviceResponse,
  categoriesResponse,
  changelogResponse,
  keywordsResponse,
  roadmapResponse,
} from '../../shared/content-api.ts';
import type { AppContext } from '../context.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { notFound } from '../http/errors.ts';
import { etagMatches, renderedJsonCache, sendRendered } from '../http/cached-json.ts';
import { compilationPractices, compilationsOf, serializePractices } from '../practices/practice-queries.ts';

export function contentRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/compilations', { schema: { response: { 200: compilationsResponse } } }, async () => {
    return { data: await compilationsOf(db) };
  });

  // A set with its methods is the largest answer (80 KB). It changes only when the content is
  // re-seeded and when the Berlin day changes (the experiment dates), so both make its ETag, a
  // revalidating client gets a 304, and the body is rendered and compressed once per set and
  // ETag. Nothing in it depends on the user yet; per-podcast fields must go into the key then.
  // The pre-rendered body skips the serializer, so it is checked against the contract when it
  // is rendered.
  const compilationBodies = renderedJsonCache(64);
  api.get(
    '/api/compilations/:id',
    {
      schema: { params: idParam, response: { 200: compilationResponse } },
      config: { access: 'own-account' },
    },
    async (request, reply) => {
      const { id } = request.params;
      const now = clock.now();
      const etag = `W/"${(await contentVersion(db)).slice(0, 20)}-${berlinDate(now)}"`;
      const key = `${id}:${etag}`;
      const fresh = etagMatches(request.headers['if-none-match'], etag);
      let body = compilationBodies.get(key);
      if (!body) {
        const [compilation] = await compilationsOf(db, { id });
        if (!compilation) throw notFound('Dieses Set gibt es nicht.');
        if (!fresh) {
          const practices = await serializePractices(db, await compilationPractices(db, id), now);
          body = compilationBodies.set(
            key,
            compilationResponse.parse({ data: { ...compilation, practices } }),
          );
        }
      }
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      // A 304 has no body, so it stands outside the response contract.
      if (fresh || !body) return (reply as FastifyReply).status(304).send();
      return sendRendered(reply, body, request.headers['accept-encoding']);
    },
  );

  api.get('/api/keywords', { schema: { response: { 200: keywordsResponse } } }, async () => {
    return {
      data: await db.selectFrom('keywords').select(['handle', 'title']).orderBy('position').execute(),
    };
  });

  api.get('/api/advices::random', { schema: { response: { 200: adviceResponse } } }, async () => {
    const advice = await db
      .selectFrom('advices')
      .select('content')
      .where('deleted_at', 'is', null)
      .orderBy(sql`random()`)
      .limit(1)
      .executeTakeFirst();
    if (!advice) throw notFound('Es gibt noch keine Tipps aus dem Logbuch.');
    return { data: advice };
  });

  api.get('/api/categories', { schema: { response: { 200: categoriesResponse } } }, async () => {
    return { data: await db.selectFrom('categories').select(['id', 'display']).orderBy('id').execute() };
  });

  // Public (spec §1: the changelog with the roadmap is a public page).
  api.get(
    '/api/changelog',
    { schema: { response: { 200: changelogResponse } }, config: { access: 'public' } },
    async () => {
      const items = await db
        .selectFrom('changelog_items')
        .select(['id', 'title', 'release', 'released_at', 'content'])
        .where('deleted_at', 'is', null)
        .orderBy('released_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return { data: items };
    },
  );

  // Public (spec §1: the changelog with the roadmap is a public page).
  api.get(
    '/api/roadmap',
    { schema: { response: { 200: roadmapResponse } }, config: { access: 'public' } },
    async () => {
      return {
        data: await db
          .selectFrom('roadmap_items')
          .select(['id', 'title', 'content'])
          .where('deleted_at', 'is', null)
          .orderBy('position')
          .execute(),
      };
    },
  );
}
