// The guard's one query before it is narrowed to a thing (kinds.ts narrows it): the podcast's row,
// its plan's inputs (plan.ts) and the caller's active membership, all by index. On PostgreSQL also
// the podcast's change counts (migration 0023), read in the same snapshot as its row: the version
// of kept answers (pipeline/answer-cache.ts). SQLite counts in the process and leaves the table empty.
import { sql, type Compilable, type Expression } from 'kysely';
import type { Db } from '../db/database.ts';
import { planQuery } from './plan.ts';

export const accessQuery = (db: Db, now: Date, userId: number | Expression<number>) =>
  planQuery(db, now)
    .innerJoin('memberships as mine', (j) =>
      j
        .onRef('mine.podcast_id', '=', 'podcasts.id')
        .on('mine.user_id', '=', userId)
        .on('mine.active', '=', 1),
    )
    .select(['mine.id as membership_id', 'mine.role as member_role'])
    .leftJoin('change_counts as podcast_changes', 'podcast_changes.podcast_id', 'podcasts.id')
    .leftJoin('change_counts as all_changes', (j) => j.on('all_changes.podcast_id', '=', 0))
    .select(['podcast_changes.count as changes_of_podcast', 'all_changes.count as changes_of_all']);

export type AccessQuery = ReturnType<typeof accessQuery>;
export type AccessRow = Awaited<ReturnType<AccessQuery['executeTakeFirstOrThrow']>> & {
  /** The experiment a step or comment belongs to, or the experiment itself; else null. */
  experiment_id: number | null;
};

/** The guard's query narrowed to the one thing (`userId`: the caller, as the query has it). */
export type Narrow = (
  query: AccessQuery,
  id: number,
  userId: number | Expression<number>,
  db: Db,
) => Compilable & { executeTakeFirst(): Promise<AccessRow | undefined> };

/** A kind of id a route path can name that belongs to a podcast (kinds.ts keeps the registry). */
export type PodcastKind = {
  /** What a stranger and a missing thing both get: 404 with this message. */
  missing: string;
  /**
   * Where the id is: the path's `:id` (default), the query string's `context`, or nowhere
   * (`session`: the narrow picks the podcast by the caller; none found: the route answers without).
   */
  from?: 'path' | 'context' | 'session';
  narrow: Narrow;
};

/** The `experiment_id` of a kind that belongs to no experiment. */
export const noExperiment = sql<number | null>`null`.as('experiment_id');
