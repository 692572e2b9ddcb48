// Methods as one podcast sees them: with its flags (bookmarked, applied with its day, rejected)
// and, for Pro, its score and reasons from its ranking (recommend.ts). One query builder serves
// the list, a single method, the bookmarks, applications, estimations and similarities.
import { sql } from 'kysely';
import type { PodcastPractice, PracticeStatus } from '../../shared/podcast-practices.ts';
import { audienceSize, budget, timeEffort } from '../../shared/vocabulary.ts';
import type { Db } from '../db/database.ts';
import { preparedIdList } from '../db/prepared-query.ts';
import { practiceSummaries, serializePractices } from './practice-queries.ts';
import { reasonsOf } from './reasons.ts';
import type { Ranking } from './ranking.ts';

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
export function rank(column: string, keys: readonly string[]) {
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
    // null without a ranking (Basic) and for a method whose score was not computed (no rating).
    const similarity = score?.similarity ?? null;
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
