// The user's podcasts: the list to select from and the selected one (the context, kept per user).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { accountPodcastsResponse, contextResource, podcastResource } from '../../shared/podcasts.ts';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { earliest } from '../db/change-memo.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { requireUser } from '../auth/session.ts';
import { decideAccess, requirePodcast } from './guard.ts';
import { accessRowQuery, type AccessRow } from './podcast-kinds.ts';
import { serializePodcast } from './serialize-podcast.ts';

/**
 * The selected podcast: the stored one when the user can still select it, else the first
 * selectable by title. It was two or three statements on every screen's first request (issue 25,
 * 2026-11-26).
 */
const chosenPodcast = (db: Db, userId: number) =>
  db
    .selectFrom('memberships')
    .innerJoin('podcasts', 'podcasts.id', 'memberships.podcast_id')
    .leftJoin('user_contexts', 'user_contexts.user_id', 'memberships.user_id')
    .select('podcasts.id')
    .where('memberships.user_id', '=', userId)
    .where('memberships.active', '=', 1)
    .orderBy(
      sql`CASE WHEN ${sql.ref('podcasts.id')} = ${sql.ref('user_contexts.podcast_id')} THEN 0 ELSE 1 END`,
    )
    .orderBy('podcasts.title')
    .orderBy('podcasts.id')
    .limit(1);

/**
 * The guard's access row of the selected podcast, in one prepared statement (prepared-query.ts):
 * the guard's query (podcast-kinds.ts) for the podcast `chosenPodcast` gives. None: the user can
 * select no podcast. Decision 2026-11-26 (issue 25): the choice and the access row were two
 * statements (on PostgreSQL two round trips) before the podcast's facts.
 */
const chosenAccess = preparedQuery((db: Db, now: string, userId: number) =>
  accessRowQuery(
    db,
    { toISOString: () => now } as Date,
    userId,
    'podcast',
    // The guard compares the podcast's id with this subquery's one id (a number at every other call).
    sql<number>`(${chosenPodcast(db, userId)})` as unknown as number,
  ),
);

export function accountPodcastRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The podcasts the user can select: those with an active membership.
  api.get(
    '/api/account/podcasts',
    { schema: { response: { 200: accountPodcastsResponse } }, config: { answerCache: 'user' } },
    async (request) => {
      const user = requireUser(request);
      const rows = await db
        .selectFrom('podcasts')
        .innerJoin('memberships', 'memberships.podcast_id', 'podcasts.id')
        .select(['podcasts.id', 'podcasts.title', 'memberships.role'])
        .where('memberships.user_id', '=', user.id)
        .where('memberships.active', '=', 1)
        .orderBy('podcasts.title')
        .orderBy('podcasts.id')
        .execute();
      return { data: rows.map((p) => ({ id: p.id, title: p.title, own_podcast: p.role === 'owner' })) };
    },
  );

  // The selected podcast; when none is stored (or it is no longer selectable), the first one
  // the user can select; null when there is none.
  api.get(
    '/api/account/context',
    { schema: { response: { 200: contextResource } }, config: { answerCache: 'user' } },
    async (request) => {
      const user = requireUser(request);
      const now = clock.now();
      const [row] = (await chosenAccess(db, now.toISOString(), user.id)) as AccessRow[];
      if (!row) return { data: null };
      // The plan it shows holds until a cancelled subscription ends (http/answer-cache.ts).
      request.answerUntil = earliest(row.contract_expires_at, row.owner_pro_any_expires_at);
      return { data: await serializePodcast(db, decideAccess(row, now, user, { action: 'podcast.read' })) };
    },
  );

  api.post(
    '/api/account/context/:id',
    {
      schema: { params: idParam, response: { 200: podcastResource } },
      config: { podcast: { action: 'podcast.read' } },
    },
    async (request) => {
      const user = requireUser(request);
      const access = requirePodcast(request);
      await db
        .insertInto('user_contexts')
        .values({ user_id: user.id, podcast_id: access.podcast.id })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ podcast_id: access.podcast.id }))
        .execute();
      return { data: await serializePodcast(db, access) };
    },
  );
}
