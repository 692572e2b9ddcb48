// Editorial reads: sets, keywords, advices, categories, changelog and roadmap.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { idParam } from '../../shared/api.ts';
import type { AppContext } from '../context.ts';
import { requireVerifiedUser } from '../auth/session.ts';
import { notFound } from '../http/errors.ts';
import { compilationPractices, compilationsOf, serializePractices } from '../practices/practice-queries.ts';

export function contentRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/compilations', async (request) => {
    requireVerifiedUser(request);
    return { data: await compilationsOf(db) };
  });

  api.get('/api/compilations/:id', { schema: { params: idParam } }, async (request) => {
    requireVerifiedUser(request);
    const [compilation] = await compilationsOf(db, { id: request.params.id });
    if (!compilation) throw notFound('Dieses Set gibt es nicht.');
    const rows = await compilationPractices(db, compilation.id);
    const practices = await serializePractices(db, rows);
    return { data: { ...compilation, practices } };
  });

  api.get('/api/keywords', async (request) => {
    requireVerifiedUser(request);
    return {
      data: await db.selectFrom('keywords').select(['handle', 'title']).orderBy('position').execute(),
    };
  });

  api.get('/api/advices::random', async (request) => {
    requireVerifiedUser(request);
    const advice = await db
      .selectFrom('advices')
      .select('content')
      .orderBy(sql`random()`)
      .limit(1)
      .executeTakeFirst();
    if (!advice) throw notFound('Es gibt noch keine Tipps aus dem Logbuch.');
    return { data: advice };
  });

  api.get('/api/categories', async (request) => {
    requireVerifiedUser(request);
    return { data: await db.selectFrom('categories').select(['id', 'display']).orderBy('id').execute() };
  });

  api.get('/api/changelog', async (request) => {
    requireVerifiedUser(request);
    const items = await db
      .selectFrom('changelog_items')
      .selectAll()
      .orderBy('released_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { data: items };
  });

  api.get('/api/roadmap', async (request) => {
    requireVerifiedUser(request);
    return {
      data: await db
        .selectFrom('roadmap_items')
        .select(['id', 'title', 'content'])
        .orderBy('position')
        .execute(),
    };
  });
}
