// A list read a page at a time, newest first (created_at, then id), by keyset: a page is one row
// more than it shows (that row says an older page exists), and the older page is the rows before
// a given row of the same list (`?before={id}`, api.ts olderQuery), found by that row's time and
// id, so rows written meanwhile move no row from one page to another. One place for the
// comments, the timeline and the tips (Entscheidung SHR-1).
/* eslint-disable @typescript-eslint/no-explicit-any -- one helper for the queries of several tables */
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';

export type Keyset = {
  /** The list's table, as `alias` in the page's query. */
  table: 'comments' | 'events' | 'assistances';
  alias: string;
  /** The column that says which list a row is in (an experiment's comments, a podcast's tips). */
  list: 'experiment_id' | 'podcast_id';
  /** Rows a page shows. */
  size: number;
};

/** The query's rows newest first, one more than a page. */
export const newestPage = <Q extends SelectQueryBuilder<any, any, any>>(query: Q, k: Keyset) =>
  query
    .orderBy(`${k.alias}.created_at`, 'desc')
    .orderBy(`${k.alias}.id`, 'desc')
    .limit(k.size + 1) as Q;

/**
 * For `.where(…)`: the rows older than row `before` of list `listId` (none when it is not in it).
 * Several ids: a list made of several (the account's tips of all its podcasts), and `before`
 * must be in one of them: the account-wide tips page like a podcast's.
 */
export const olderThan =
  (k: Keyset, listId: number | readonly number[], before: number) => (eb: ExpressionBuilder<any, any>) => {
    const at = eb
      .selectFrom(`${k.table} as b`)
      .select('b.created_at')
      .where('b.id', '=', before)
      .where(`b.${k.list}`, Array.isArray(listId) ? 'in' : '=', listId);
    return eb.or([
      eb(`${k.alias}.created_at`, '<', at),
      eb.and([eb(`${k.alias}.created_at`, '=', at), eb(`${k.alias}.id`, '<', before)]),
    ]);
  };

/** The page the rows show, newest first, and `before` for the page older than it (null: none). */
export function pageOf<R extends { id: number }>(rows: R[], k: Keyset) {
  const page = rows.slice(0, k.size);
  return { page, before: rows.length > k.size ? page.at(-1)!.id : null };
}
