// The pages of a podcast's method list (§9 orders, filters, 'Mehr Methoden anzeigen'): a page
// is cut from an order (the podcast's ranking for 'advice', a content order for the others), then
// its methods are read by id with the podcast's flags and the list's total.
import type { PracticeOrder } from '../../shared/podcast-practices.ts';
import { budget, timeEffort } from '../../shared/vocabulary.ts';
import type { Database, Db } from '../db/database.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { preparedIdList, preparedQuery } from '../db/prepared-query.ts';
import { flagColumns, type FlagRow } from './practice-cards.ts';
import { ID_SPAN, idsOf, type Ranking, type ScoreState } from './ranking.ts';
import { podcastPractices, rank, type PodcastPracticeFilter } from './podcast-practice-queries.ts';

/**
 * The ids of every method in a §9 order that is the same for every podcast (latest: newest
 * first, equal times newest id first; money and effort by their scale ranks, equal ranks by id).
 */
const contentOrderQuery = (db: Db, order: Exclude<PracticeOrder, 'advice'>) => {
  const money = rank('ctx.investment', budget.keys);
  const time = rank('ctx.commitment', timeEffort.keys);
  const q = db
    .selectFrom('practices')
    .leftJoin('practice_contexts as ctx', 'ctx.practice_id', 'practices.id')
    .select('practices.id');
  switch (order) {
    case 'latest':
      return q.orderBy('practices.created_at', 'desc').orderBy('practices.id', 'desc');
    case 'money':
      return q.orderBy(money).orderBy(time).orderBy('practices.id');
    case 'effort':
      return q.orderBy(time).orderBy(money).orderBy('practices.id');
  }
};

/** An order of methods a page is cut from: a podcast's ranking (advice) or a ContentOrder. */
type PageOrder = {
  /** Every method it knows, in its order. */
  readonly order: readonly number[];
  /** Whether it knows the method. */
  has(id: number): boolean;
  /** The method's place as place · 2³² + id (ID_SPAN), smaller first; methods it does not know last. */
  sortKey(id: number): number;
};

/** latest, money or effort: the methods' ids in that order, the same for every podcast. */
class ContentOrder implements PageOrder {
  readonly #place: Map<number, number>;
  constructor(readonly order: readonly number[]) {
    this.#place = new Map(order.map((id, i) => [id, i]));
  }
  has(id: number) {
    return this.#place.has(id);
  }
  sortKey(id: number) {
    return (this.#place.get(id) ?? this.order.length) * ID_SPAN + id;
  }
}

/** Per database: the content orders of one content version. */
const contentOrders = new WeakMap<Database, { version: string; orders: Map<string, ContentOrder> }>();

/**
 * The order of `order` for the current content version, kept in memory per version like the
 * rendered cards (practice-cards.ts): a seed or an admin edit in /nova changes the version (in
 * another process within CONTENT_VERSION_TTL_MS, as for the cards). `fresh` reads it anew: a page
 * met a method the kept order does not know or missed one (written without a seed or an edit).
 */
async function contentOrder(db: Database, order: Exclude<PracticeOrder, 'advice'>, fresh = false) {
  const version = await contentVersion(db);
  let kept = contentOrders.get(db);
  if (kept?.version !== version) contentOrders.set(db, (kept = { version, orders: new Map() }));
  let found = kept.orders.get(order);
  if (!found || fresh) {
    const rows = await contentOrderQuery(db, order).execute();
    kept.orders.set(order, (found = new ContentOrder(rows.map((r) => r.id))));
  }
  return found;
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

/** The podcast's score state (recommend.ts currentRanking) as two columns of a page's statement. */
const scoreStateColumns = (db: Db, podcastId: number) => {
  const state = db.selectFrom('practice_score_states as st').where('st.podcast_id', '=', podcastId);
  return [
    state.select('st.content_version').as('score_version'),
    state.select('st.fingerprint').as('score_fingerprint'),
  ];
};
type StateRow = { score_version: string | null; score_fingerprint: string | null };
/** The score state read with `rows` (none without a row). */
const stateOf = (rows: StateRow[]): ScoreState | undefined =>
  rows[0] && { content_version: rows[0].score_version, fingerprint: rows[0].score_fingerprint };

// A page's flags by id (the list's advice page: its texts come from practice-cards.ts) and the
// podcast's score state, with or without the number of methods.
const flagsByIds = preparedIdList(12, (db, ids, podcastId: number) =>
  podcastPractices(db, podcastId, { ids })
    .clearSelect()
    .select(flagColumns)
    .select(scoreStateColumns(db, podcastId)),
);
const countedFlagsByIds = preparedIdList(12, (db, ids, podcastId: number) =>
  podcastPractices(db, podcastId, { ids })
    .clearSelect()
    .select(flagColumns)
    .select(methodCountColumn(db))
    .select(scoreStateColumns(db, podcastId)),
);

/** The flag rows of methods by id, in the order of `ids` (ids of no method left out). */
function inOrder<R extends FlagRow>(rows: R[], ids: readonly number[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
}
const flagRowsById = async (db: Db, podcastId: number, ids: readonly number[]) =>
  inOrder(await flagsByIds(db, [...ids], podcastId), ids);

/** One method's flag row for a podcast (none: the method does not exist) and the podcast's score state. */
export async function flagRowOf(db: Db, podcastId: number, practiceId: number) {
  const rows = await flagsByIds(db, [practiceId], podcastId);
  return { row: rows[0], state: stateOf(rows) };
}

/** The filtered methods' ids with their bookmark, unordered (orderedPage sorts them), and the score state. */
async function filteredIds(db: Db, podcastId: number, filter: PodcastPracticeFilter) {
  return podcastPractices(db, podcastId, filter)
    .clearSelect()
    .select(['practices.id', 'b.id as bookmark_id'])
    .select(scoreStateColumns(db, podcastId))
    .execute();
}

/**
 * A page in `order` (a podcast's ranking or a content order), bookmarked first for the selector
 * (`bookmarkedFirst`). Without filters the page is a slice of the order and the count is the
 * number of methods; with filters the query gives the matching ids, sorted here. `complete` says
 * whether the order knew every method the page's query met; `state` is the podcast's score state
 * read by the same statement (recommend.ts currentRanking). The scores are one ranking per podcast
 * (Entscheidung PRA-4); the orders latest, money and effort, the same for every podcast, are read
 * once per content version (contentOrder, Entscheidung PRA-5): a page reads only its methods' flags.
 */
async function orderedPage(
  db: Db,
  podcastId: number,
  order: PageOrder,
  filter: PodcastPracticeFilter | undefined,
  bookmarkedFirst: boolean,
  perPage: number,
  offset: number,
) {
  if (!filter && !bookmarkedFirst) {
    const ids = order.order.slice(offset, offset + perPage);
    const counted = await countedFlagsByIds(db, [...ids], podcastId);
    const [rows, total] = [inOrder(counted, ids), await totalOf(db, counted)];
    // Every method of the slice still there, and a full page or the last one of an order that holds every method.
    if (rows.length === ids.length && (ids.length === perPage || order.order.length === total))
      return { rows, total, complete: total === order.order.length, state: stateOf(counted) };
  }
  const matching = await filteredIds(db, podcastId, filter ?? {});
  // The selector's bookmarked methods come first: 2⁵² in front of the others' keys (every key is
  // below 2⁵² up to 2²⁰ methods, so the sum stays an exact double).
  let complete = true;
  const keys = Float64Array.from(matching, (r) => {
    if (!order.has(r.id)) complete = false;
    return (bookmarkedFirst && r.bookmark_id === null ? 2 ** 52 : 0) + order.sortKey(r.id);
  });
  const ids = idsOf(keys).slice(offset, offset + perPage);
  return {
    rows: await flagRowsById(db, podcastId, ids),
    total: matching.length,
    complete,
    state: stateOf(matching),
  };
}

/**
 * A page in advice order: by the podcast's ranking (best first, equal scores by id; methods it
 * does not hold last, by id).
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
  const { rows, total, state } = await orderedPage(
    db,
    podcastId,
    ranking,
    filter,
    bookmarkedFirst,
    perPage,
    offset,
  );
  return { rows, total, state };
}

/**
 * A page in latest, money or effort order, with or without filters: cut from the content order
 * (contentOrder); read once more with the order read anew when the order missed a method.
 */
export async function contentOrderPage(
  db: Database,
  podcastId: number,
  order: Exclude<PracticeOrder, 'advice'>,
  filter: PodcastPracticeFilter | undefined,
  bookmarkedFirst: boolean,
  perPage: number,
  offset: number,
) {
  const page = await orderedPage(
    db,
    podcastId,
    await contentOrder(db, order),
    filter,
    bookmarkedFirst,
    perPage,
    offset,
  );
  if (page.complete) return page;
  return orderedPage(
    db,
    podcastId,
    await contentOrder(db, order, true),
    filter,
    bookmarkedFirst,
    perPage,
    offset,
  );
}
