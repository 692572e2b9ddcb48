// The methods of a podcast (spec §7): the list with filters, order and pages, one
// method, the flags (bookmarks, rejections, applications; POST sets, DELETE unsets, both safe to
// repeat) and the estimations. Every route stands on the podcast guard: reads for any active
// member, flags for roles that may edit (practices.flag). Scores, reasons and the advice order
// are Pro: Basic gets the methods without them, and 403 for order=advice and the estimations.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam } from '../../shared/api.ts';
import { berlinDate } from '../../shared/calendar.ts';
import {
  applicationResponse,
  applicationsResponse,
  bookmarkResponse,
  bookmarksResponse,
  estimationsQuery,
  estimationsResponse,
  podcastPracticeResponse,
  podcastPracticesResponse,
  practiceFlagBody,
  practicesQuery,
  PRACTICES_PER_PAGE,
  rejectionResponse,
  WIDGET_ITEMS,
} from '../../shared/podcast-practices.ts';
import type { AppContext } from '../context.ts';
import { isForeignKeyViolation } from '../db/database.ts';
import { requireUser } from '../access/session.ts';
import { HttpError, invalid, notFound } from '../http/errors.ts';
import { messages as guardMessages, requirePodcast } from '../access/guard.ts';
import { advicePage, contentOrderPage, flagRowOf, podcastPracticesById } from './podcast-practice-queries.ts';
import { renderPractices } from './practice-cards.ts';
import { bestPractices, ensureScores, refreshScores } from './recommend.ts';
import { currentRanking, keptRanking, type Ranking, type ScoreState } from './ranking.ts';

export const missingPractice = 'Diese Methode gibt es nicht.';

const flagTables = {
  bookmarks: 'practice_bookmarks',
  rejections: 'practice_rejections',
  applications: 'practice_applications',
} as const;
type FlagKind = keyof typeof flagTables;

export function podcastPracticeRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { podcast: { action: 'podcast.read' as const } };
  const cachedRead = { ...read, answerCache: true }; // http/answer-cache.ts
  const flag = { podcast: { action: 'practices.flag' as const } };

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

  const answers = {
    bookmarks: bookmarkResponse,
    rejections: rejectionResponse,
    applications: applicationResponse,
  } as const;

  for (const kind of Object.keys(flagTables) as FlagKind[]) {
    const table = flagTables[kind];
    const body = practiceFlagBody;
    // Applied and rejected methods are scored 0; bookmarks do not change a score.
    const rescore = kind !== 'bookmarks';

    /** The method must exist: a field error on practice_id otherwise. */
    async function requirePractice(practiceId: number) {
      const found = await db
        .selectFrom('practices')
        .select('id')
        .where('id', '=', practiceId)
        .executeTakeFirst();
      if (!found) throw invalid({ practice_id: [missingPractice] });
    }

    /** The column of flagColumns that holds this kind's row id. */
    const idColumn = (
      { bookmarks: 'bookmark_id', rejections: 'rejection_id', applications: 'application_id' } as const
    )[kind];

    api.post(
      `/api/podcasts/:id/${kind}`,
      {
        schema: { params: idParam, body, response: { 200: answers[kind], 201: answers[kind] } },
        config: flag,
      },
      async (request, reply) => {
        const { podcast, plan } = requirePodcast(request);
        const practiceId = request.body.practice_id;
        const now = clock.now();
        const values = {
          podcast_id: podcast.id,
          practice_id: practiceId,
          user_id: requireUser(request).id,
          created_at: now.toISOString(),
          ...(kind === 'applications' && { starts_on: berlinDate(now) }),
        };
        // One read gives whether the method exists, its flags and the podcast's score state; set
        // already (a repeat): nothing to write. Else the insert (its foreign key refuses a method
        // deleted meanwhile). The answer's method is rendered like the list's (practice-cards.ts).
        // Decision 2026-11-26: a repeat was seven statements, now four on PostgreSQL
        // (session, key, this read, the key's answer).
        const found = await flagRowOf(db, podcast.id, practiceId);
        if (!found.row) throw invalid({ practice_id: [missingPractice] });
        let { row } = found;
        let created = false;
        if (row[idColumn] === null) {
          let inserted;
          try {
            inserted = await db
              .insertInto(table)
              .values(values as typeof values & { starts_on: string })
              .onConflict((oc) => oc.columns(['podcast_id', 'practice_id']).doNothing())
              .returning('id')
              .executeTakeFirst();
          } catch (error) {
            if (isForeignKeyViolation(error)) throw invalid({ practice_id: [missingPractice] });
            throw error;
          }
          created = inserted !== undefined;
          if (inserted) {
            row = { ...row, [idColumn]: inserted.id };
            if (kind === 'applications') row.applied_on = values.starts_on ?? null;
          } else {
            // Set by a concurrent request between the read and the insert.
            row = (await flagRowOf(db, podcast.id, practiceId)).row ?? row;
          }
        }
        // Applied and rejected methods score 0: the ranking follows the flag (or stays, by its fingerprint).
        const ranking =
          rescore && created
            ? await refreshScores(db, podcast.id, now)
            : plan.active
              ? await ensureScores(db, podcast.id, now, found.state)
              : undefined;
        const { json, count } = await renderPractices(db, [row], now, plan.active ? ranking : undefined);
        if (!count) throw invalid({ practice_id: [missingPractice] });
        const practice = json.slice(1, -1);
        const startsAt = kind === 'applications' ? `,"starts_at":${JSON.stringify(row.applied_on)}` : '';
        const data = `{"id":${row[idColumn]},"practice":${practice}${startsAt}}`;
        return reply
          .status(created ? 201 : 200)
          .type('application/json; charset=utf-8')
          .send(`{"data":${data}}` as never);
      },
    );

    api.delete(
      `/api/podcasts/:id/${kind}`,
      { schema: { params: idParam, body }, config: flag },
      async (request, reply) => {
        const { podcast } = requirePodcast(request);
        const practiceId = request.body.practice_id;
        await requirePractice(practiceId);
        const result = await db
          .deleteFrom(table)
          .where('podcast_id', '=', podcast.id)
          .where('practice_id', '=', practiceId)
          .executeTakeFirst();
        if (rescore && Number(result.numDeletedRows) > 0) await refreshScores(db, podcast.id, clock.now());
        return reply.status(204).send();
      },
    );
  }
}
