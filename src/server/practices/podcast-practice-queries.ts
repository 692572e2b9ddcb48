// Methods as one podcast sees them: with its flags (bookmarked, applied with its day, rejected)
// and, for Pro, its score and reasons from its ranking (recommend.ts). One query builder serves
// the list, a single method, the bookmarks, applications, estimations and similarities.
import { sql } from 'kysely';
import type { PodcastPractice, PracticeOrder, PracticeStatus } from '../../shared/podcast-practices.ts';
import { audienceSize, budget, timeEffort } from '../../shared/vocabulary.ts';
import type { Db } from '../db/database.ts';
import { preparedIdList, preparedQuery } from '../db/prepared-query.ts';
import { flagColumns, type FlagRow } from './practice-cards.ts';
import { practiceSummaries, serializePractices } from './practice-queries.ts';
import { reasonsOf } from './recommend-engine.ts';
import { idsOf, type Ranking, type ScoreState } from './recommend.ts';

export type PodcastPracticeFilter = {
  ids?: number[];
  status?: PracticeStatus;
  keywords?: string[];
  commitment?: string;
  expansion?: string;
  investment?: string;
  relevance?: string;
};

/** Rank of a context value on its §9 scale, as a SQL expression (unknown or no context: last). */
function rank(column: string, keys: readonly string[]) {
  const whens = keys.map((k, i) => sql`WHEN ${sql.lit(k)} THEN ${sql.lit(i)}`);
  return sql<number>`CASE ${sql.ref(column)} ${sql.join(whens, sql` `)} ELSE ${sql.lit(keys.length)} END`;
}
/** The keys of a scale up to and including `key`. */
const upTo = (keys: readonly string[], key: string) => keys.slice(0, keys.indexOf(key) + 1);

/** The methods with the podcast's flags (its scores come from its ranking: serializePodcastPractices). */
export function podcastPractices(db: Db, podcastId: number, filter: PodcastPracticeFilter = {}) {
  let query = practiceSummaries(db)
    .leftJoin('practice_contexts as ctx', 'ctx.practice_id', 'practices.id')
    .leftJoin('practice_bookmarks as b', (j) =>
      j.onRef('b.practice_id', '=', 'practices.id').on('b.podcast_id', '=', podcastId),
    )
    .leftJoin('practice_applications as a', (j) =>
      j.onRef('a.practice_id', '=', 'practices.id').on('a.podcast_id', '=', podcastId),
    )
    .leftJoin('practice_rejections as r', (j) =>
      j.onRef('r.practice_id', '=', 'practices.id').on('r.podcast_id', '=', podcastId),
    )
    .select([
      'b.id as bookmark_id',
      'b.created_at as bookmarked_at',
      'a.id as application_id',
      'a.starts_on as applied_on',
      'a.created_at as applied_at',
      'r.id as rejection_id',
    ]);
  const { ids, status, keywords, commitment, expansion, investment, relevance } = filter;
  if (ids) query = query.where('practices.id', 'in', ids.length ? ids : [-1]);
  if (status === 'open') query = query.where('a.id', 'is', null).where('r.id', 'is', null);
  if (status === 'bookmarked') query = query.where('b.id', 'is not', null);
  if (status === 'applied') query = query.where('a.id', 'is not', null);
  if (status === 'rejected') query = query.where('r.id', 'is not', null);
  if (keywords?.length) {
    query = query.where('practices.id', 'in', (eb) =>
      eb.selectFrom('practice_keywords').select('practice_id').where('keyword', 'in', keywords),
    );
  }
  if (commitment) query = query.where('ctx.commitment', 'in', upTo(timeEffort.keys, commitment));
  if (investment) query = query.where('ctx.investment', 'in', upTo(budget.keys, investment));
  if (expansion) query = query.where('ctx.expansion', 'in', upTo(audienceSize.keys, expansion));
  if (relevance) query = query.where('ctx.relevance', '=', relevance);
  return query;
}

export type PodcastPracticeQuery = ReturnType<typeof podcastPractices>;

/**
 * Sorts by §9 order; `bookmarkedFirst` puts bookmarked methods before the rest (the selector).
 * Not the advice order: that one sorts by the podcast's ranking (advicePage).
 */
export function orderPractices(
  query: PodcastPracticeQuery,
  order: Exclude<PracticeOrder, 'advice'>,
  bookmarkedFirst: boolean,
) {
  let q = query;
  if (bookmarkedFirst) q = q.orderBy(sql`CASE WHEN b.id IS NULL THEN 1 ELSE 0 END`);
  const money = rank('ctx.investment', budget.keys);
  const time = rank('ctx.commitment', timeEffort.keys);
  switch (order) {
    case 'latest':
      q = q.orderBy('practices.created_at', 'desc');
      break;
    case 'money':
      q = q.orderBy(money).orderBy(time);
      break;
    case 'effort':
      q = q.orderBy(time).orderBy(money);
      break;
  }
  // Equal ranks: newest id first for 'latest', else the collection's order.
  return q.orderBy('practices.id', order === 'latest' ? 'desc' : 'asc');
}

/** How many methods the filtered query holds. */
export async function countPractices(query: PodcastPracticeQuery) {
  const row = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Row = Awaited<ReturnType<PodcastPracticeQuery['execute']>>[number];

/** Rows of podcastPractices as the API sends them; scores only with a `ranking` (Pro). */
export async function serializePodcastPractices(
  db: Db,
  rows: Row[],
  today: Date,
  ranking: Ranking | undefined,
): Promise<PodcastPractice[]> {
  const base = await serializePractices(db, rows, today);
  return base.map((practice, i) => {
    const row = rows[i]!;
    const score = ranking?.scoreOf(row.id);
    const similarity = score ? score.value / 1000 : null;
    return {
      ...practice,
      similarity,
      score: similarity,
      reasons: score ? reasonsOf(score.codes) : null,
      bookmarked: row.bookmark_id !== null,
      applied: row.application_id !== null,
      applied_on: row.applied_on,
      rejected: row.rejection_id !== null,
    };
  });
}

// A page of methods by id (the advice page, one method), built and compiled once.
const byIds = preparedIdList(12, (db, ids, podcastId: number) => podcastPractices(db, podcastId, { ids }));

/** The rows of methods by id, in the order of `ids` (ids of no method left out). */
async function rowsById(db: Db, podcastId: number, ids: readonly number[]) {
  const rows = await byIds(db, [...ids], podcastId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
}

/** One method for a podcast, or undefined when it does not exist. */
export async function findPodcastPractice(
  db: Db,
  podcastId: number,
  practiceId: number,
  today: Date,
  ranking: Ranking | undefined,
) {
  const rows = await byIds(db, [practiceId], podcastId);
  return (await serializePodcastPractices(db, rows, today, ranking))[0];
}

/** Methods by id for a podcast, in the order of `ids`. */
export async function podcastPracticesById(
  db: Db,
  podcastId: number,
  ids: number[],
  today: Date,
  ranking: Ranking | undefined,
) {
  return serializePodcastPractices(db, await rowsById(db, podcastId, ids), today, ranking);
}

const methodCount = preparedQuery((db: Db) =>
  db.selectFrom('practices').select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * The number of methods as a column of a page's statement: one statement (on PostgreSQL one
 * round trip) fewer per list page; an empty page (past the end) asks methodCount.
 */
const methodCountColumn = (db: Db) =>
  db
    .selectFrom('practices as all_methods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .as('method_count');
type CountedRow = FlagRow & { method_count: number | string | null };
const totalOf = async (db: Db, rows: CountedRow[]) =>
  Number(rows.length ? rows[0]!.method_count : (await methodCount(db))[0]!.n);

// A page's flags by id (the list's advice page: its texts come from practice-cards.ts), with or
// without the number of methods.
const flagsByIds = preparedIdList(12, (db, ids, podcastId: number) =>
  podcastPractices(db, podcastId, { ids }).clearSelect().select(flagColumns),
);
const countedFlagsByIds = preparedIdList(12, (db, ids, podcastId: number) =>
  podcastPractices(db, podcastId, { ids }).clearSelect().select(flagColumns).select(methodCountColumn(db)),
);

/** The flag rows of methods by id, in the order of `ids` (ids of no method left out). */
function inOrder<R extends FlagRow>(rows: R[], ids: readonly number[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
}
const flagRowsById = async (db: Db, podcastId: number, ids: readonly number[]) =>
  inOrder(await flagsByIds(db, [...ids], podcastId), ids);

/** One method's flag row for a podcast (none: the method does not exist). */
export const flagRowOf = async (db: Db, podcastId: number, practiceId: number) =>
  (await flagsByIds(db, [practiceId], podcastId))[0];

// A flag write's one read (podcast-practice-routes.ts): the method's flags together with the
// podcast's score state (ensureScores' `known`), so a bookmark set again answers from this
// statement and the rendered card. Decision 2026-11-26 (issue 25): the flag lookup, the score
// state and the method's texts and keywords were four statements (round trips on PostgreSQL).
const flagsWithState = preparedQuery((db: Db, podcastId: number, practiceId: number) =>
  podcastPractices(db, podcastId, { ids: [practiceId] })
    .clearSelect()
    .select(flagColumns)
    .select((eb) => [
      eb
        .selectFrom('practice_score_states')
        .select('content_version')
        .where('podcast_id', '=', podcastId)
        .as('score_version'),
      eb
        .selectFrom('practice_score_states')
        .select('fingerprint')
        .where('podcast_id', '=', podcastId)
        .as('score_fingerprint'),
    ]),
);

/** One method's flag row and the podcast's score state (null: none stored); undefined: no such method. */
export async function flagRowWithState(db: Db, podcastId: number, practiceId: number) {
  const [found] = await flagsWithState(db, podcastId, practiceId);
  if (!found) return undefined;
  const { score_version, score_fingerprint, ...row } = found;
  const state: ScoreState | null =
    score_version === null ? null : { content_version: score_version, fingerprint: score_fingerprint };
  return { row: row as FlagRow, state };
}

/** The filtered methods' ids with their bookmark, unordered (the advice order sorts them itself). */
async function filteredIds(db: Db, podcastId: number, filter: PodcastPracticeFilter) {
  return podcastPractices(db, podcastId, filter)
    .clearSelect()
    .select(['practices.id', 'b.id as bookmark_id'])
    .execute();
}

/**
 * A page in advice order: by the podcast's ranking (best first, equal scores by id; methods it
 * does not hold last, by id), bookmarked first for the selector (`bookmarkedFirst`). Without
 * filters the page is a slice of the ranking's order and the count is the number of methods;
 * with filters the query gives the matching ids, sorted here. Decision 2026-11-26 (issue 25):
 * the scores are one ranking per podcast, no longer rows SQL could sort by (recommend.ts).
 */
export async function advicePage(
  db: Db,
  podcastId: number,
  ranking: Ranking,
  filter: PodcastPracticeFilter | undefined,
  bookmarkedFirst: boolean,
  perPage: number,
  offset: number,
) {
  if (!filter && !bookmarkedFirst) {
    const ids = ranking.order.slice(offset, offset + perPage);
    const counted = await countedFlagsByIds(db, [...ids], podcastId);
    const [rows, total] = [inOrder(counted, ids), await totalOf(db, counted)];
    // A full page, or the last one of a ranking that holds every method.
    if (ids.length === perPage || ranking.ids.length === total) return { rows, total };
  }
  const matching = await filteredIds(db, podcastId, filter ?? {});
  // The selector's bookmarked methods come first: 2⁴² in front of the others' keys.
  const keys = Float64Array.from(
    matching,
    (r) => (bookmarkedFirst && r.bookmark_id === null ? 2 ** 42 : 0) + ranking.sortKey(r.id),
  );
  const ids = idsOf(keys).slice(offset, offset + perPage);
  return { rows: await flagRowsById(db, podcastId, ids), total: matching.length };
}

type PageQuery = (db: Db, podcastId: number, limit: number, offset: number) => Promise<CountedRow[]>;
const unfilteredPages = new Map<string, PageQuery>();

/**
 * A page of the list without filters (what the method list shows first). Its ids and flags come
 * from a query that selects only them (the setup flags' existence checks and the texts of 99
 * methods cost 1 ms on SQLite, the ids alone 0.2 ms), built and compiled once per order
 * (prepared-query.ts); the texts come from practice-cards.ts. Without filters the count is the
 * number of methods (every join meets at most one row). Decision 2026-11-26, issue 25.
 */
export async function unfilteredPage(
  db: Db,
  podcastId: number,
  order: Exclude<PracticeOrder, 'advice'>,
  bookmarkedFirst: boolean,
  perPage: number,
  offset: number,
) {
  const key = `${order}:${bookmarkedFirst}`;
  let page = unfilteredPages.get(key);
  if (!page) {
    page = preparedQuery((db: Db, podcastId: number, limit: number, offset: number) =>
      orderPractices(podcastPractices(db, podcastId), order, bookmarkedFirst)
        .clearSelect()
        .select(flagColumns)
        .select(methodCountColumn(db))
        .limit(limit)
        .offset(offset),
    );
    unfilteredPages.set(key, page);
  }
  const rows = await page(db, podcastId, perPage, offset);
  return { rows, total: await totalOf(db, rows) };
}
