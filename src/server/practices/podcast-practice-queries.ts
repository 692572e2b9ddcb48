// Methods as one podcast sees them: with its flags (bookmarked, applied with its day, rejected)
// and, for Pro, its stored score and reasons (recommend.ts). One query builder serves the list,
// a single method, the bookmarks, applications, estimations and similarities. It reads only the
// podcast's part; the texts, keywords and setup flags of the methods come from the catalog
// (practice-catalog.ts), read once per content version.
import { sql } from 'kysely';
import type { PodcastPractice, PracticeOrder, PracticeStatus } from '../../shared/podcast-practices.ts';
import { audienceSize, budget, timeEffort } from '../../shared/vocabulary.ts';
import type { Db } from '../db/database.ts';
import { preparedIdList, preparedQuery } from '../db/prepared-query.ts';
import { addDays, berlinDate } from '../../shared/calendar.ts';
import { catalogEntries, practiceCatalog } from './practice-catalog.ts';
import { reasonsOf } from './recommend-engine.ts';

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

/** The methods with the podcast's flags and (when `scores`) its stored scores. */
export function podcastPractices(
  db: Db,
  podcastId: number,
  scores: boolean,
  filter: PodcastPracticeFilter = {},
) {
  let query = db
    .selectFrom('practices')
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
    .leftJoin('practice_scores as s', (j) =>
      j.onRef('s.practice_id', '=', 'practices.id').on('s.podcast_id', '=', scores ? podcastId : -1),
    )
    .select([
      'practices.id',
      'b.id as bookmark_id',
      'a.id as application_id',
      'a.starts_on as applied_on',
      'r.id as rejection_id',
      's.score',
      's.reasons',
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

/** Sorts by §9 order; `bookmarkedFirst` puts bookmarked methods before the rest (the selector). */
export function orderPractices(query: PodcastPracticeQuery, order: PracticeOrder, bookmarkedFirst: boolean) {
  let q = query;
  if (bookmarkedFirst) q = q.orderBy(sql`CASE WHEN b.id IS NULL THEN 1 ELSE 0 END`);
  const money = rank('ctx.investment', budget.keys);
  const time = rank('ctx.commitment', timeEffort.keys);
  switch (order) {
    case 'advice':
      q = q.orderBy(sql`COALESCE(s.score, -1)`, 'desc');
      break;
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

/**
 * Rows of podcastPractices as the API sends them: the method from the catalog, the podcast's
 * flags from the row; scores only when `scores` (Pro).
 */
export async function serializePodcastPractices(
  db: Db,
  rows: Row[],
  today: Date,
  scores: boolean,
): Promise<PodcastPractice[]> {
  if (rows.length === 0) return [];
  const catalog = await catalogEntries(
    db,
    rows.map((r) => r.id),
  );
  const from = berlinDate(today);
  const till = new Map<number, string>();
  return rows.map((row) => {
    const practice = catalog.get(row.id)!;
    let date_till = till.get(practice.duration_days);
    if (date_till === undefined)
      till.set(practice.duration_days, (date_till = addDays(from, practice.duration_days)));
    const similarity = scores && row.score !== null ? Number(row.score) / 1000 : null;
    return {
      ...practice,
      // Prefill for a new experiment: from today for the method's default duration (Berlin dates).
      date_from: from,
      date_till,
      similarity,
      score: similarity,
      reasons: scores && row.reasons !== null ? reasonsOf(row.reasons) : null,
      bookmarked: row.bookmark_id !== null,
      applied: row.application_id !== null,
      applied_on: row.applied_on,
      rejected: row.rejection_id !== null,
    };
  });
}

// A page of methods by id (the advice page, one method), built and compiled once.
const byIds = (scores: boolean) =>
  preparedIdList(12, (db, ids, podcastId: number) => podcastPractices(db, podcastId, scores, { ids }));
const proById = byIds(true);
const basicById = byIds(false);
// A list's page: the same, with the number of methods (the list's total) in the same statement.
const pageByIds = (scores: boolean) =>
  preparedIdList(12, (db, ids, podcastId: number) =>
    podcastPractices(db, podcastId, scores, { ids }).select((eb) =>
      eb
        .selectFrom('practices as every_method')
        .select((c) => c.fn.countAll<number>().as('n'))
        .as('methods'),
    ),
  );
const proPage = pageByIds(true);
const basicPage = pageByIds(false);

/** The rows of methods by id, in the order of `ids` (ids of no method left out). */
async function rowsById(db: Db, podcastId: number, ids: number[], scores: boolean) {
  const rows = await (scores ? proById : basicById)(db, ids, podcastId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
}

/** One method for a podcast, or undefined when it does not exist. */
export async function findPodcastPractice(
  db: Db,
  podcastId: number,
  practiceId: number,
  today: Date,
  scores: boolean,
) {
  const rows = await (scores ? proById : basicById)(db, [practiceId], podcastId);
  return (await serializePodcastPractices(db, rows, today, scores))[0];
}

/** Methods by id for a podcast, in the order of `ids`. */
export async function podcastPracticesById(
  db: Db,
  podcastId: number,
  ids: number[],
  today: Date,
  scores: boolean,
) {
  return serializePodcastPractices(db, await rowsById(db, podcastId, ids, scores), today, scores);
}

/** The podcast's best scored methods, from the (podcast_id, score) index: ids only. */
const topScored = preparedQuery((db: Db, podcastId: number, limit: number, offset: number) =>
  db
    .selectFrom('practice_scores')
    .select('practice_id')
    .where('podcast_id', '=', podcastId)
    .orderBy('score', 'desc')
    .orderBy('practice_id')
    .limit(limit)
    .offset(offset),
);
const methodCount = preparedQuery((db: Db) =>
  db.selectFrom('practices').select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * The page's rows by id and the total (the number of methods: without filters every join meets
 * at most one row) in one statement. A count that differs from the catalog's renews the catalog
 * (methods written without a seed or an edit) and reads the page again.
 */
async function pageOf(
  db: Db,
  podcastId: number,
  scores: boolean,
  pick: (catalog: Awaited<ReturnType<typeof practiceCatalog>>) => Promise<number[]> | number[],
) {
  let catalog = await practiceCatalog(db);
  for (;;) {
    const ids = await pick(catalog);
    const found = ids.length ? await (scores ? proPage : basicPage)(db, ids, podcastId) : [];
    const total = Number(found.length ? found[0]!.methods : (await methodCount(db))[0]!.n);
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id)).filter((r): r is (typeof found)[number] => r !== undefined);
    if (total === catalog.byId.size) return { rows, total };
    catalog = await practiceCatalog(db, total);
    if (catalog.byId.size !== total) return { rows, total };
  }
}

/**
 * A page of the advice order without filters, read from the stored scores' index instead of
 * ordering every method with its flags (decision 2026-11-26, issue 25: 66 ms at 10,000 methods,
 * goal 2 ms). The full query sorts methods without a score row last (COALESCE(score, -1), and
 * scores are ≥ 0), ties by id: so a full page of scored methods is exactly its page. A page that
 * is not full (the last one, or scores missing) is left to the full query (undefined).
 */
export async function advicePage(db: Db, podcastId: number, perPage: number, offset: number) {
  const top = await topScored(db, podcastId, perPage, offset);
  if (top.length < perPage) return undefined;
  return pageOf(db, podcastId, true, () => top.map((r) => r.practice_id));
}

type PageQuery = (db: Db, podcastId: number, limit: number, offset: number) => Promise<{ id: number }[]>;
const bookmarkedFirstPages = new Map<string, PageQuery>();

/**
 * A page of the list without filters (what the method list shows first). The orders latest,
 * money and effort are the same for every podcast: their ids come from the catalog, ordered once
 * per content version (practice-catalog.ts). With bookmarked methods first (the selector) the ids
 * come from a query that selects only the id, built and compiled once per order
 * (prepared-query.ts). Then the page's rows by id. Decision 2026-11-26, issue 25.
 */
export async function unfilteredPage(
  db: Db,
  podcastId: number,
  scores: boolean,
  order: PracticeOrder,
  bookmarkedFirst: boolean,
  perPage: number,
  offset: number,
) {
  if (!bookmarkedFirst && order !== 'advice') {
    return pageOf(db, podcastId, scores, (catalog) => catalog.orders[order].slice(offset, offset + perPage));
  }
  const key = `${scores}:${order}`;
  let page = bookmarkedFirstPages.get(key);
  if (!page) {
    page = preparedQuery((db: Db, podcastId: number, limit: number, offset: number) =>
      orderPractices(podcastPractices(db, podcastId, scores), order, bookmarkedFirst)
        .clearSelect()
        .select('practices.id')
        .limit(limit)
        .offset(offset),
    );
    bookmarkedFirstPages.set(key, page);
  }
  return pageOf(db, podcastId, scores, async () =>
    (await page(db, podcastId, perPage, offset)).map((r) => r.id),
  );
}
