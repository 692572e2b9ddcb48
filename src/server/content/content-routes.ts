// Editorial reads: sets, keywords, advices, categories, changelog and roadmap.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { idParam } from '../../shared/api.ts';
import type { AppContext } from '../context.ts';
import { requireVerifiedUser } from '../auth/session.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { berlinDate } from '../http/dates.ts';
import { notFound } from '../http/errors.ts';
import { etagMatches, renderedJsonCache, sendRendered } from '../http/cached-json.ts';
import { compilationPractices, compilationsOf, serializePractices } from '../practices/practice-queries.ts';

export function contentRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/compilations', async (request) => {
    requireVerifiedUser(request);
    return { data: await compilationsOf(db) };
  });

  // A set with its methods is the largest answer (80 KB). It changes only when the content is
  // re-seeded and when the Berlin day changes (the experiment dates), so both make its ETag, a
  // revalidating client gets a 304, and the body is rendered and compressed once per set and
  // ETag. Nothing in it depends on the user yet; per-podcast fields must go into the key then.
  const compilationBodies = renderedJsonCache(64);
  api.get('/api/compilations/:id', { schema: { params: idParam } }, async (request, reply) => {
    requireVerifiedUser(request);
    const { id } = request.params;
    const now = new Date();
    const etag = `W/"${(await contentVersion(db)).slice(0, 20)}-${berlinDate(now)}"`;
    const key = `${id}:${etag}`;
    const fresh = etagMatches(request.headers['if-none-match'], etag);
    let body = compilationBodies.get(key);
    if (!body) {
      const [compilation] = await compilationsOf(db, { id });
      if (!compilation) throw notFound('Dieses Set gibt es nicht.');
      if (!fresh) {
        const practices = await serializePractices(db, await compilationPractices(db, id), now);
        body = compilationBodies.set(key, { data: { ...compilation, practices } });
      }
    }
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
    if (fresh || !body) return reply.status(304).send();
    return sendRendered(reply, body, request.headers['accept-encoding']);
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
