// A podcast itself: create, read, update, delete, close the setup checklist, its episodes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { idParam } from '../../shared/api.ts';
import {
  EPISODES_PER_PAGE,
  episodesPage,
  episodesQuery,
  podcastDeleteSchema,
  podcastFormSchema,
  podcastResource,
} from '../../shared/podcasts.ts';
import { berlinDate } from '../../shared/calendar.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { withTx } from '../db/database.ts';
import { requireUser } from '../access/session.ts';
import { checkPassword } from '../auth/check-password.ts';
import { invalid } from '../http/errors.ts';
import { createdPodcast, createPodcast, deleteCovers } from './create-podcast.ts';
import { isFreshPodcast } from './fresh-podcast.ts';
import { requirePodcast } from '../access/guard.ts';
import { serializePodcast } from './serialize-podcast.ts';
import { evaluateTipsAfter } from '../access/written-podcast.ts';

/** The form's fields as columns; both categories must exist. */
async function formColumns(db: Db, form: ReturnType<typeof podcastFormSchema.parse>) {
  const [first, second] = form.category_id;
  const known = await db.selectFrom('categories').select('id').where('id', 'in', [first!, second!]).execute();
  if (known.length !== 2) throw invalid({ category_id: ['Diese Kategorie gibt es nicht.'] });
  return {
    title: form.title,
    name: form.name,
    author: form.author,
    category_id_1: first!,
    category_id_2: second!,
    rss_uri: form.rss_uri,
    web_uri: form.web_uri,
  };
}

export function podcastRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = idParam;

  // The podcast and the owner's membership in one transaction: no podcast without an owner.
  api.post(
    '/api/podcasts',
    { schema: { body: podcastFormSchema, response: { 201: podcastResource } } },
    async (request, reply) => {
      const user = requireUser(request);
      const columns = await formColumns(db, request.body);
      const podcastId = await withTx(db, (tx) => createPodcast(tx, columns, user.id, clock.now()));
      evaluateTipsAfter(request, podcastId);
      return reply.status(201).send(await createdPodcast(ctx, user, podcastId));
    },
  );

  api.get(
    '/api/podcasts/:id',
    {
      schema: { params, response: { 200: podcastResource } },
      config: { podcast: { action: 'podcast.read' }, answerCache: true },
    },
    async (request) => ({ data: await serializePodcast(db, requirePodcast(request)) }),
  );

  api.put(
    '/api/podcasts/:id',
    {
      schema: { params, body: podcastFormSchema, response: { 200: podcastResource } },
      config: { podcast: { action: 'podcast.update' } },
    },
    async (request) => {
      const access = requirePodcast(request);
      const columns = await formColumns(db, request.body);
      const podcast = await db
        .updateTable('podcasts')
        .set({ ...columns, updated_at: clock.now().toISOString() })
        .where('id', '=', access.podcast.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { data: await serializePodcast(db, { ...access, podcast }) };
    },
  );

  // Deleting takes the password (§5) and everything of the podcast with it (§9). A fresh podcast
  // (fresh-podcast.ts: onboarding's 'Zurück') goes without one; a password sent is still checked.
  api.delete(
    '/api/podcasts/:id',
    { schema: { params, body: podcastDeleteSchema }, config: { podcast: { action: 'podcast.delete' } } },
    async (request, reply) => {
      const access = requirePodcast(request);
      const { password } = request.body;
      if (password !== undefined || !(await isFreshPodcast(db, access.podcast, clock.now()))) {
        await checkPassword(ctx, requireUser(request), password);
      }
      await withTx(db, async (tx) => {
        const deleted = await tx
          .deleteFrom('podcasts')
          .where('id', '=', access.podcast.id)
          .returning('image_id')
          .execute();
        await deleteCovers(tx, deleted);
      });
      return reply.status(204).send();
    },
  );

  // Closes the setup checklist ('Vollständige Einrichtung').
  api.post(
    '/api/podcasts/:id(^[^:/]+)::complete',
    {
      schema: { params, response: { 200: podcastResource } },
      config: { podcast: { action: 'podcast.complete' } },
    },
    async (request) => {
      const access = requirePodcast(request);
      const podcast = await db
        .updateTable('podcasts')
        .set({ completed_at: access.podcast.completed_at ?? clock.now().toISOString() })
        .where('id', '=', access.podcast.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { data: await serializePodcast(db, { ...access, podcast }) };
    },
  );

  // Newest first, 15 a page.
  api.get(
    '/api/podcasts/:id/episodes',
    {
      schema: { params, querystring: episodesQuery, response: { 200: episodesPage } },
      config: { podcast: { action: 'podcast.read' } },
    },
    async (request) => {
      const { podcast } = requirePodcast(request);
      const page = request.query.page ?? 1;
      const { n } = await db
        .selectFrom('episodes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('podcast_id', '=', podcast.id)
        .executeTakeFirstOrThrow();
      const total = Number(n);
      const rows = await db
        .selectFrom('episodes')
        .select(['id', 'title', 'web_uri', 'published_at'])
        .where('podcast_id', '=', podcast.id)
        // Undated episodes last on both engines (they sort NULL differently).
        .orderBy(sql`CASE WHEN published_at IS NULL THEN 1 ELSE 0 END`)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(EPISODES_PER_PAGE)
        .offset((page - 1) * EPISODES_PER_PAGE)
        .execute();
      const from = rows.length ? (page - 1) * EPISODES_PER_PAGE + 1 : null;
      return {
        data: rows.map((e) => ({
          ...e,
          published_at: e.published_at && berlinDate(new Date(e.published_at)),
        })),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / EPISODES_PER_PAGE)),
          from,
          to: from === null ? null : from + rows.length - 1,
          per_page: EPISODES_PER_PAGE,
          total,
        },
      };
    },
  );
}
