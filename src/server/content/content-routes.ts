// Editorial reads: sets, keywords, advices, categories, changelog and roadmap.
import type { FastifyInstance } from 'fastify';
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
import { notFound } from '../http/errors.ts';
import { compilationsOf, serializePractices } from '../practices/practice-queries.ts';

export function contentRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/compilations', { schema: { response: { 200: compilationsResponse } } }, async () => {
    return { data: await compilationsOf(db) };
  });

  api.get(
    '/api/compilations/:id',
    { schema: { params: idParam, response: { 200: compilationResponse } } },
    async (request) => {
      const [compilation] = await compilationsOf(db, { id: request.params.id });
      if (!compilation) throw notFound('Dieses Set gibt es nicht.');
      const rows = await db
        .selectFrom('compilation_practices')
        .innerJoin('practices', 'practices.id', 'compilation_practices.practice_id')
        .selectAll('practices')
        .where('compilation_id', '=', compilation.id)
        .orderBy('compilation_practices.position')
        .execute();
      const practices = await serializePractices(db, rows, clock.now());
      return { data: { ...compilation, practices } };
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
        .selectAll()
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
          .orderBy('position')
          .execute(),
      };
    },
  );
}
