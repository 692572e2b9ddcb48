// Kompass-KI tips (§2 assistances.*, account.assistances.list): Pro only, for the podcast's active
// members only (any role reads). Newest first, a page at a time (db/keyset-page.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, olderQuery } from '../../shared/api.ts';
import {
  accountAssistancesCollection,
  assistanceResource,
  assistancesCollection,
  type Assistance,
} from '../../shared/assistances.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { newestPage, olderThan, pageOf, type Keyset } from '../db/keyset-page.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { requireUser } from '../access/session.ts';
import { requirePodcast } from '../access/guard.ts';
import { planColumns, planOf } from '../access/plan.ts';

/** A page of a podcast's list and of the account-wide list (the assistant button shows 5). */
export const ASSISTANCES_LIMIT = 100;
const columns = ['assistances.id', 'podcast_id', 'subject', 'message', 'assistances.created_at'] as const;
const pages: Keyset = {
  table: 'assistances',
  alias: 'assistances',
  list: 'podcast_id',
  size: ASSISTANCES_LIMIT,
};

/**
 * A podcast's tips, newest first: built and compiled once, on SQLite read synchronously
 * (prepared-query.ts, Entscheidung ASSI-1).
 */
const newestTips = (db: Database, podcastId: number) =>
  newestPage(db.selectFrom('assistances').select(columns).where('podcast_id', '=', podcastId), pages);
const podcastTips = preparedQuery(newestTips);
// The page before a tip (`?before={id}`, api.ts olderQuery): by the same order.
const tipsBefore = preparedQuery((db: Database, podcastId: number, before: number) =>
  newestTips(db, podcastId).where(olderThan(pages, podcastId, before)),
);

export function assistanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/podcasts/:id/assistances',
    {
      schema: { params: idParam, querystring: olderQuery, response: { 200: assistancesCollection } },
      config: { podcast: { action: 'assistances.read', plan: 'pro' }, answerCache: true },
    },
    async (request) => {
      const { podcast } = requirePodcast(request);
      const { before } = request.query;
      const rows: Assistance[] = await (before === undefined
        ? podcastTips(db, podcast.id)
        : tipsBefore(db, podcast.id, before));
      const { page, before: older } = pageOf(rows, pages);
      return { data: page, meta: { before: older } };
    },
  );

  api.get(
    '/api/assistances/:id',
    {
      schema: { params: idParam, response: { 200: assistanceResource } },
      config: { podcast: { via: 'assistance', action: 'assistances.read', plan: 'pro' } },
    },
    async (request) => {
      const tip = await db
        .selectFrom('assistances')
        .select(columns)
        .where('id', '=', request.params.id)
        .executeTakeFirstOrThrow();
      return { data: tip };
    },
  );

  // Every podcast of the user that is Pro for them; Basic podcasts' tips stay hidden. Paged as a
  // podcast's tips (`?before=` a tip of one of those podcasts; another tip gives an empty page).
  api.get(
    '/api/account/assistances',
    { schema: { querystring: olderQuery, response: { 200: accountAssistancesCollection } } },
    async (request) => {
      const user = requireUser(request);
      const { before } = request.query;
      const now = clock.now();
      const podcasts = await db
        .selectFrom('memberships')
        .innerJoin('podcasts', 'podcasts.id', 'memberships.podcast_id')
        .select([
          'podcasts.id',
          'podcasts.title',
          'podcasts.created_at',
          'podcasts.trial_days',
          'podcasts.pro_until',
        ])
        .select(planColumns(now))
        .where('memberships.user_id', '=', user.id)
        .where('memberships.active', '=', 1)
        .execute();
      const pro = podcasts.filter((p) => planOf(p, now, user.granted === 1).active);
      if (pro.length === 0) return { data: [], meta: { before: null } };
      const titles = new Map(pro.map((p) => [p.id, p.title]));
      const ids = pro.map((p) => p.id);
      const newest = newestPage(
        db.selectFrom('assistances').select(columns).where('podcast_id', 'in', ids),
        pages,
      );
      const rows = await (
        before === undefined ? newest : newest.where(olderThan(pages, ids, before))
      ).execute();
      const { page, before: older } = pageOf(rows, pages);
      return {
        data: page.map((t) => ({ ...t, podcast: { id: t.podcast_id, title: titles.get(t.podcast_id)! } })),
        meta: { before: older },
      };
    },
  );
}
