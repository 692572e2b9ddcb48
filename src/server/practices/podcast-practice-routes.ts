// The methods of a podcast (spec §7): the list with filters, order and pages, one method, the
// bookmarks and applications and the estimations (the flag writes: practice-flag-routes.ts). Every route stands on the podcast guard: reads for any active
// member, flags for roles that may edit (practices.flag). Scores, reasons and the advice order
// are Pro: Basic gets the methods without them, and 403 for order=advice and the estimations.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam } from '../../shared/api.ts';
import {
  applicationsResponse,
  bookmarksResponse,
  estimationsQuery,
  estimationsResponse,
  podcastPracticeResponse,
  podcastPracticesResponse,
  practicesQuery,
  PRACTICES_PER_PAGE,
  WIDGET_ITEMS,
} from '../../shared/podcast-practices.ts';
import type { AppContext } from '../context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { messages as guardMessages, requirePodcast } from '../access/guard.ts';
import { podcastPracticesById } from './podcast-practice-queries.ts';
import { advicePage, contentOrderPage, flagRowOf } from './practice-pages.ts';
import { flagTables, missingPractice } from './practice-flag-routes.ts';
import { renderPractices } from './practice-cards.ts';
import { bestPractices, ensureScores } from './recommend.ts';
import { currentRanking, keptRanking, type Ranking, type ScoreState } from './ranking.ts';

export function podcastPracticeRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { podcast: { action: 'podcast.read' as const } };
  const cachedRead = { ...read, answerCache: true }; // pipeline/answer-cache.ts

  api.get(
    '/api/podcasts/:id/practices',
    {
      schema: { params: idParam, querystring: practicesQuery, response: { 200: podcastPracticesResponse } },
      config: cachedRead,
    },
    async (request, reply) => {
      const { podcast, plan } = requirePodcast(request);
      const pro = plan.active;
      const { page = 1, order = pro ? 'advice' : 'effort', records, ...filter } = request.query;
      if (order === 'advice' && !pro) throw new HttpError(403, guardMessages.pro);
      const now = clock.now();
      const perPage = records ?? PRACTICES_PER_PAGE;
      const offset = (page - 1) * perPage;
      const unfiltered = Object.values(filter).every((v) => v === undefined);
      const bookmarkedFirst = records !== undefined;
      const { rows, total, ranking } = await withRanking(
        podcast.id,
        pro,
        now,
        order === 'advice',
        (ranking) =>
          order === 'advice'
            ? advicePage(
                db,
                podcast.id,
                ranking!,
                unfiltered ? undefined : filter,
                bookmarkedFirst,
                perPage,
                offset,
              )
            : contentOrderPage(
                db,
                podcast.id,
                order,
                unfiltered ? undefined : filter,
                bookmarkedFirst,
                perPage,
                offset,
              ),
      );
      // The page as text, from each method's rendered content (practice-cards.ts).
      const { json, count } = await renderPractices(db, rows, now, ranking);
      const meta = {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        from: count ? offset + 1 : null,
        to: count ? offset + count : null,
        per_page: perPage,
        total,
      };
      const body = `{"data":${json},"meta":${JSON.stringify(meta)}}`;
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  api.get(
    '/api/podcasts/:id/practices/:practiceId',
    {
      schema: {
        params: z.object({ id, practiceId: id }),
        response: { 200: podcastPracticeResponse },
      },
      config: cachedRead,
    },
    async (request, reply) => {
      const { podcast, plan } = requirePodcast(request);
      const now = clock.now();
      // Rendered like the list's methods (practice-cards.ts): the flags read, the content kept.
      const { row, ranking } = await withRanking(podcast.id, plan.active, now, false, () =>
        flagRowOf(db, podcast.id, request.params.practiceId),
      );
      const { json, count } = await renderPractices(db, row ? [row] : [], now, ranking);
      if (!count) throw notFound(missingPractice);
      const body = `{"data":${json.slice(1, -1)}}`;
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  /**
   * `read` with the podcast's ranking for Pro (none for Basic). The score state comes with the
   * read's own statement: a ranking this process keeps is used when that state says it is current
   * (currentRanking), else ensureScores gives it and a read that sorts by it (`sorted`, the advice
   * order) runs again. Only a read that sorts by the ranking needs one before it runs.
   */
  async function withRanking<R extends { state?: ScoreState }>(
    podcastId: number,
    pro: boolean,
    now: Date,
    sorted: boolean,
    read: (ranking: Ranking | undefined) => Promise<R>,
  ): Promise<R & { ranking: Ranking | undefined }> {
    if (!pro) return { ...(await read(undefined)), ranking: undefined };
    let basis = keptRanking(db, podcastId);
    if (sorted && !basis) {
      await ensureScores(db, podcastId, now);
      basis = keptRanking(db, podcastId);
    }
    const result = await read(basis?.ranking);
    const current = await currentRanking(db, podcastId, result.state, basis);
    if (current) return { ...result, ranking: current };
    const ranking = await ensureScores(db, podcastId, now);
    return { ...(sorted && ranking !== basis?.ranking ? await read(ranking) : result), ranking };
  }

  /** The flag rows of a podcast, newest first, with their methods. */
  async function listFlags(kind: 'bookmarks' | 'applications', podcastId: number, pro: boolean) {
    const table = flagTables[kind];
    const rows = await db
      .selectFrom(table)
      .select(['id', 'practice_id'])
      .where('podcast_id', '=', podcastId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const now = clock.now();
    const ranking = pro ? await ensureScores(db, podcastId, now) : undefined;
    const practices = await podcastPracticesById(
      db,
      podcastId,
      rows.map((r) => r.practice_id),
      now,
      ranking,
    );
    const byId = new Map(practices.map((p) => [p.id, p]));
    return rows.flatMap((r) => {
      const practice = byId.get(r.practice_id);
      return practice ? [{ id: r.id, practice }] : [];
    });
  }

  api.get(
    '/api/podcasts/:id/bookmarks',
    { schema: { params: idParam, response: { 200: bookmarksResponse } }, config: read },
    async (request) => {
      const { podcast, plan } = requirePodcast(request);
      return { data: await listFlags('bookmarks', podcast.id, plan.active) };
    },
  );
  api.get(
    '/api/podcasts/:id/applications',
    { schema: { params: idParam, response: { 200: applicationsResponse } }, config: read },
    async (request) => {
      const { podcast, plan } = requirePodcast(request);
      const list = await listFlags('applications', podcast.id, plan.active);
      return { data: list.map((a) => ({ ...a, starts_at: a.practice.applied_on! })) };
    },
  );

  api.get(
    '/api/podcasts/:id/estimations',
    {
      schema: { params: idParam, querystring: estimationsQuery, response: { 200: estimationsResponse } },
      config: { podcast: { action: 'podcast.read', plan: 'pro' } },
    },
    async (request) => {
      const { podcast } = requirePodcast(request);
      const now = clock.now();
      const best = await bestPractices(db, podcast.id, request.query.limit ?? WIDGET_ITEMS, now);
      const practices = await podcastPracticesById(
        db,
        podcast.id,
        best.map((b) => b.practice_id),
        now,
        await ensureScores(db, podcast.id, now),
      );
      return {
        data: practices.map((practice, i) => ({
          practice_id: practice.id,
          practice,
          similarity: best[i]!.similarity,
          reasons: best[i]!.reasons,
        })),
      };
    },
  );
}
