// The guard's registry: every kind of id a route path can name that belongs to a podcast, how it
// reaches its podcast (joins by primary key or an index) and the 404 a stranger gets for it. A new
// podcast-owned resource adds its kind here and declares `config: { podcast: { via: '<kind>', … } }`
// on its routes; the guard (guard.ts) does the rest in one query.
import { sql, type Compilable } from 'kysely';
import { assistanceMessages } from '../../shared/assistances.ts';
import { experimentMessages } from '../../shared/experiments.ts';
import { membershipMessages } from '../../shared/team.ts';
import { invitationMessages } from '../team/invitations.ts';
import type { Database, Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { planQuery } from './podcast-plan.ts';

export const podcastMessages = {
  notFound: 'Diesen Podcast gibt es nicht.',
  role: 'Das darf deine Rolle in diesem Podcast nicht.',
  pro: 'Das gibt es nur in Studio Pro. Aktiviere die Kompass-KI für diesen Podcast.',
};

/**
 * The guard's one query before it is narrowed to a thing: the podcast's row, its plan's inputs
 * (podcast-plan.ts) and the caller's active membership, all by index.
 */
const accessQuery = (db: Db, now: Date, userId: number) =>
  planQuery(db, now)
    .innerJoin('memberships as mine', (j) =>
      j
        .onRef('mine.podcast_id', '=', 'podcasts.id')
        .on('mine.user_id', '=', userId)
        .on('mine.active', '=', 1),
    )
    .select(['mine.id as membership_id', 'mine.role as member_role']);

type AccessQuery = ReturnType<typeof accessQuery>;
export type AccessRow = Awaited<ReturnType<AccessQuery['executeTakeFirstOrThrow']>> & {
  /** The experiment a step or comment belongs to, or the experiment itself; else null. */
  experiment_id: number | null;
};

/** The guard's query narrowed to the one thing. */
type Narrow = (
  query: AccessQuery,
  id: number,
) => Compilable & { executeTakeFirst(): Promise<AccessRow | undefined> };

export type PodcastKind = {
  /** What a stranger and a missing thing both get: 404 with this message. */
  missing: string;
  /** Where the id is: the path's `:id` (default) or the query string's `context`. */
  from?: 'path' | 'context';
  narrow: Narrow;
};

const noExperiment = sql<number | null>`null`.as('experiment_id');

/** An experiment that is not deleted, joined as `e`. */
const throughExperiment = (query: AccessQuery) =>
  query.innerJoin('experiments as e', (j) =>
    j.onRef('e.podcast_id', '=', 'podcasts.id').on('e.deleted_at', 'is', null),
  );

/** A thing with its own `podcast_id` (a membership, an invitation, a tip). */
const ownedBy =
  (table: 'memberships' | 'invitations' | 'assistances'): Narrow =>
  (query, id) =>
    query
      .innerJoin(`${table} as subject` as 'memberships as subject', 'subject.podcast_id', 'podcasts.id')
      .where('subject.id', '=', id)
      .select(noExperiment);

/** A thing of an experiment (a step, a comment): through the experiment, which must not be deleted. */
const ofExperiment =
  (table: 'experiment_actions' | 'comments'): Narrow =>
  (query, id) =>
    throughExperiment(query)
      .innerJoin(`${table} as subject` as 'comments as subject', 'subject.experiment_id', 'e.id')
      .where('subject.id', '=', id)
      .select('e.id as experiment_id');

const podcastById: Narrow = (query, id) => query.where('podcasts.id', '=', id).select(noExperiment);

export const podcastKinds = {
  podcast: { missing: podcastMessages.notFound, narrow: podcastById },
  /** `?context={podcast id}` of a method read: optional, without it the route is the podcast's. */
  context: { missing: podcastMessages.notFound, from: 'context', narrow: podcastById },
  experiment: {
    missing: experimentMessages.notFound,
    narrow: (query, id) => throughExperiment(query).where('e.id', '=', id).select('e.id as experiment_id'),
  },
  action: {
    missing: experimentMessages.actionNotFound,
    narrow: ofExperiment('experiment_actions'),
  },
  comment: {
    missing: experimentMessages.commentNotFound,
    narrow: ofExperiment('comments'),
  },
  membership: { missing: membershipMessages.missing, narrow: ownedBy('memberships') },
  invitation: { missing: invitationMessages.missing, narrow: ownedBy('invitations') },
  assistance: { missing: assistanceMessages.notFound, narrow: ownedBy('assistances') },
} satisfies Record<string, PodcastKind>;

export type PodcastVia = keyof typeof podcastKinds;

/** The guard's one query for the thing `id` of kind `via` (tests read its plan). */
export const accessRowQuery = (db: Db, now: Date, userId: number, via: PodcastVia, id: number) =>
  (podcastKinds[via] as PodcastKind).narrow(accessQuery(db, now, userId), id);

/**
 * The guard's query per kind, built and compiled once (prepared-query.ts; on SQLite run on the
 * reader): it runs before every podcast request, and Kysely building its joins cost more than
 * running it (decision 2026-11-26, issue 25). `now` enters the query only as `toISOString()`.
 */
const preparedAccess = Object.fromEntries(
  (Object.keys(podcastKinds) as PodcastVia[]).map((via) => [
    via,
    preparedQuery((db: Db, now: string, userId: number, id: number) =>
      accessRowQuery(db, { toISOString: () => now } as Date, userId, via, id),
    ),
  ]),
) as Record<PodcastVia, (db: Db, now: string, userId: number, id: number) => Promise<AccessRow[]>>;

/**
 * On SQLite the guard takes the row another request read, as long as this process has written
 * nothing since (`db.writes`: every change of a membership, a role, a plan, a subscription or the
 * podcast is a write) and for at most GUARD_CACHE_MS: the time another process sharing the file
 * (the admin CLI) may take to be seen, and how late a subscription that expires by the clock is
 * noticed. The plan itself is computed per request from the row and the clock (guard.ts), so a
 * trial still ends on its day. The same rule as the session cache (auth/session.ts). PostgreSQL
 * reads every time: other processes write there. Decision 2026-11-26 (issue 25).
 */
export const GUARD_CACHE_MS = 1000;
const GUARD_CACHE_SIZE = 10_000;
type CachedRow = { row: AccessRow | undefined; writes: number; readAt: number; at: number };
const guardCaches = new WeakMap<object, Map<string, CachedRow>>();

/** The caller's access row for the thing `id` of kind `via`; undefined: 404. */
export async function findAccessRow(db: Db, now: Date, userId: number, via: PodcastVia, id: number) {
  const writes = (db as Database).writes?.();
  if (writes === undefined) return (await preparedAccess[via](db, now.toISOString(), userId, id))[0];
  let cache = guardCaches.get(db);
  if (!cache) guardCaches.set(db, (cache = new Map()));
  const key = `${via}:${userId}:${id}`;
  const cached = cache.get(key);
  // By the clock too: the subscriptions' expiry is compared with `now` in the query (a clock that
  // jumps, as the tests' does, makes a new read).
  const at = now.getTime();
  if (
    cached &&
    cached.writes === writes &&
    performance.now() - cached.readAt < GUARD_CACHE_MS &&
    Math.abs(at - cached.at) < GUARD_CACHE_MS
  ) {
    return cached.row;
  }
  const readAt = performance.now();
  const [row] = await preparedAccess[via](db, now.toISOString(), userId, id);
  if (cache.size >= GUARD_CACHE_SIZE) cache.clear();
  cache.set(key, { row, writes, readAt, at });
  return row;
}
