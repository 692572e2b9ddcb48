// The guard's registry: every kind of id a route path can name that belongs to a podcast, how it
// reaches its podcast (joins by primary key or an index) and the 404 a stranger gets for it. A new
// podcast-owned resource adds its kind here and declares `config: { podcast: { via: '<kind>', … } }`
// on its routes; the guard (guard.ts) does the rest in one query.
import { sql, type Compilable, type Expression, type QueryCreator, type SelectQueryBuilder } from 'kysely';
import { assistanceMessages } from '../../shared/assistances.ts';
import { experimentMessages } from '../../shared/experiments.ts';
import { membershipMessages } from '../../shared/team.ts';
import { invitationMessages } from '../team/invitations.ts';
import type { Db } from '../db/database.ts';
import type { DB, UsersTable } from '../db/schema.ts';
import type { SessionUser } from './session.ts';
import { earliest } from '../db/change-memo.ts';
import { preparedQuery, preparedWrite } from '../db/prepared-query.ts';
import { planQuery } from './plan.ts';
import { takeOverFree, type RunningKey } from '../http/idempotency.ts';

export const podcastMessages = {
  notFound: 'Diesen Podcast gibt es nicht.',
  role: 'Das darf deine Rolle in diesem Podcast nicht.',
  pro: 'Das gibt es nur in Studio Pro. Aktiviere die Kompass-KI für diesen Podcast.',
};

/**
 * The guard's one query before it is narrowed to a thing: the podcast's row, its plan's inputs
 * (podcast-plan.ts) and the caller's active membership, all by index. On PostgreSQL also the
 * podcast's change counts (migration 0023), read in the same snapshot as its row: the version of
 * kept answers (http/answer-cache.ts). SQLite counts in the process and leaves the table empty.
 */
const accessQuery = (db: Db, now: Date, userId: number | Expression<number>) =>
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

type AccessQuery = ReturnType<typeof accessQuery>;
export type AccessRow = Awaited<ReturnType<AccessQuery['executeTakeFirstOrThrow']>> & {
  /** The experiment a step or comment belongs to, or the experiment itself; else null. */
  experiment_id: number | null;
};

/** The guard's query narrowed to the one thing (`userId`: the caller, as the query has it). */
type Narrow = (
  query: AccessQuery,
  id: number,
  userId: number | Expression<number>,
  db: Db,
) => Compilable & { executeTakeFirst(): Promise<AccessRow | undefined> };

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

/**
 * The id of the podcast the caller selected, as a subquery: the stored one while they are still an
 * active member of it, else the first of theirs by title.
 */
export const selectedPodcastId = (db: Db, userId: number | Expression<number>) =>
  db
    .selectFrom('memberships as choice')
    .innerJoin('podcasts as chosen', 'chosen.id', 'choice.podcast_id')
    .leftJoin('user_contexts as stored', 'stored.user_id', 'choice.user_id')
    .select('chosen.id')
    .where('choice.user_id', '=', userId)
    .where('choice.active', '=', 1)
    .orderBy(sql`CASE WHEN ${sql.ref('chosen.id')} = ${sql.ref('stored.podcast_id')} THEN 0 ELSE 1 END`)
    .orderBy('chosen.title')
    .orderBy('chosen.id')
    .limit(1);

/**
 * The selected podcast. Decision 2026-11-27 (issue 25): GET /api/account/context read the session,
 * the choice and the podcast's facts in three statements; as a kind of the guard the choice comes
 * with the session and the change counts, and its answer is kept like the podcast's.
 */
const selectedPodcast: Narrow = (query, _id, userId, db) =>
  query.where('podcasts.id', '=', selectedPodcastId(db, userId)).select(noExperiment);

export const podcastKinds = {
  podcast: { missing: podcastMessages.notFound, narrow: podcastById },
  /** `?context={podcast id}` of a method read: optional, without it the route is the podcast's. */
  context: { missing: podcastMessages.notFound, from: 'context', narrow: podcastById },
  /** The caller's selected podcast (GET /api/account/context): none when they can select none. */
  selected: { missing: podcastMessages.notFound, from: 'session', narrow: selectedPodcast },
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
export const accessRowQuery = (
  db: Db,
  now: Date,
  userId: number | Expression<number>,
  via: PodcastVia,
  id: number,
) => (podcastKinds[via] as PodcastKind).narrow(accessQuery(db, now, userId), id, userId, db);

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
 * The caller's access row for the thing `id` of kind `via`; undefined: 404. Read on every request:
 * a copy reused while this process wrote nothing (tried 2026-11-26, ~50 µs of ~280) missed a role
 * or a trial changed by another process sharing the SQLite file for up to its lifetime, and a
 * journey that changes a role beside the server saw its refused write accepted (stress run).
 */
export const findAccessRow = async (db: Db, now: Date, userId: number, via: PodcastVia, id: number) =>
  (await preparedAccess[via](db, now.toISOString(), userId, id))[0];

/** Every column of `users`, as the session's user has them (the compiler names a missing one). */
const userColumns = Object.keys({
  id: 1,
  name: 1,
  email: 1,
  password_hash: 1,
  role: 1,
  email_verified_at: 1,
  granted: 1,
  image_id: 1,
  steady_user_email: 1,
  pending_email: 1,
  podcast_title: 1,
  created_at: 1,
  updated_at: 1,
} satisfies Record<keyof UsersTable, 1>) as (keyof UsersTable)[];
const USER = 'session_user_';

/**
 * The session's user and the caller's access row for the thing `id` of kind `via`, in one
 * statement: the session (by its id, unexpired) joined with the guard's query for the session's
 * user, left joined so that a session without access still signs the user in (the guard answers
 * 404). Decision 2026-11-26 (issue 25): on PostgreSQL each statement cost a round trip and
 * ~100–150 µs of CPU, and a podcast's request read session and access row one after the other.
 * The user's columns carry a prefix: users and podcasts share column names.
 */
const sessionAccessQuery = (
  creator: QueryCreator<DB>,
  db: Db,
  via: PodcastVia,
  sessionId: string,
  now: string,
  id: number,
) => {
  const userId = sql<number>`(${db.selectFrom('sessions as own').select('own.user_id').where('own.id', '=', sessionId)})`;
  const narrowed = accessRowQuery(db, { toISOString: () => now } as Date, userId, via, id);
  const access = (narrowed as unknown as SelectQueryBuilder<DB, 'podcasts', AccessRow>).as('access');
  return creator
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin(access, (j) => j.onTrue())
    .select(userColumns.map((c) => sql.ref(`users.${c}`).as(`${USER}${c}`)))
    .select('sessions.expires_at as session_expires_at')
    .selectAll('access')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now);
};

const preparedSessionAccess = Object.fromEntries(
  (Object.keys(podcastKinds) as PodcastVia[]).map((via) => [
    via,
    preparedQuery((db: Db, sessionId: string, now: string, id: number) =>
      sessionAccessQuery(db, db, via, sessionId, now, id),
    ),
  ]),
) as unknown as Record<
  PodcastVia,
  (db: Db, sessionId: string, now: string, id: number) => Promise<Record<string, unknown>[]>
>;

/** An Idempotency-Key to claim with the session's read (http/idempotency.ts), and the row it writes. */
export type KeyClaim = RunningKey & { key: string };
/** The key's row as it was before the claim (another request's), when the claim lost. */
export type TakenKey = {
  request: string;
  body_hash: string;
  state: 'running' | 'done';
  status: number | null;
  content_type: string | null;
  response: string | null;
};
/** What a claim made with the session found: whether it won, else the key's row it lost to (if seen). */
export type ClaimOutcome = { won: boolean; taken: TakenKey | undefined };
const TAKEN = 'taken_key_';

/**
 * PostgreSQL: the session, the access row and an Idempotency-Key's claim in one statement (a write's
 * first round trip instead of two). The claim is idempotency.ts's claimKey for the session's user
 * (`u:<id>`), made only when the session is valid: an insert, or the takeover of an expired key or
 * of a lost run of the same request; `claimed_by` names the holder when it won. The key's row as
 * the statement's snapshot saw it (before the claim) comes along, for the answer when it lost.
 * Decision 2026-11-27 (issue 25): each statement was a round trip and ~100–150 µs of CPU on both
 * sides, and a write with a key was four (session, claim, write, answer).
 */
const preparedSessionClaim = Object.fromEntries(
  (Object.keys(podcastKinds) as PodcastVia[]).map((via) => [
    via,
    preparedWrite(
      (
        db: Db,
        sessionId: string,
        now: string,
        id: number,
        key: string,
        request: string,
        bodyHash: string,
        holder: string,
        at: number,
        lockedUntil: number,
        expiresAt: number,
      ) => {
        const scope = sql<string>`'u:' || sessions.user_id`;
        const running: RunningKey = {
          request,
          body_hash: bodyHash,
          state: 'running',
          holder,
          created_at: at,
          locked_until: lockedUntil,
          expires_at: expiresAt,
        };
        const creator = db.with('claim', (qc) =>
          qc
            .insertInto('idempotency_keys')
            .columns(['scope', 'key', ...(Object.keys(running) as (keyof typeof running)[])])
            .expression(
              qc
                .selectFrom('sessions')
                .select([
                  scope.as('scope'),
                  sql<string>`cast(${key} as text)`.as('key'),
                  sql<string>`cast(${request} as text)`.as('request'),
                  sql<string>`cast(${bodyHash} as text)`.as('body_hash'),
                  sql<string>`'running'`.as('state'),
                  sql<string>`cast(${holder} as text)`.as('holder'),
                  sql<number>`cast(${at} as bigint)`.as('created_at'),
                  sql<number>`cast(${lockedUntil} as bigint)`.as('locked_until'),
                  sql<number>`cast(${expiresAt} as bigint)`.as('expires_at'),
                ])
                .where('sessions.id', '=', sessionId)
                .where('sessions.expires_at', '>', now),
            )
            .onConflict((oc) => takeOverFree(oc, running))
            .returning('holder'),
        );
        return sessionAccessQuery(creator as unknown as QueryCreator<DB>, db, via, sessionId, now, id)
          .leftJoin('idempotency_keys as taken', (j) =>
            j.on('taken.scope', '=', scope).on('taken.key', '=', key),
          )
          .select(sql<string | null>`(select holder from claim)`.as('claimed_by'))
          .select(
            (['request', 'body_hash', 'state', 'status', 'content_type', 'response'] as const).map((c) =>
              sql.ref(`taken.${c}`).as(`${TAKEN}${c}`),
            ),
          );
      },
    ),
  ]),
) as unknown as Record<
  PodcastVia,
  (db: Db, ...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
>;

/** PostgreSQL: whether the session is still there, with the change counts of its podcast and of everything. */
export const sessionCounts = preparedQuery((db: Db, sessionId: string, podcastId: number) =>
  db
    .selectFrom('sessions')
    .leftJoin('change_counts as podcast_changes', (j) => j.on('podcast_changes.podcast_id', '=', podcastId))
    .leftJoin('change_counts as all_changes', (j) => j.on('all_changes.podcast_id', '=', 0))
    .select(['podcast_changes.count as changes_of_podcast', 'all_changes.count as changes_of_all'])
    .where('sessions.id', '=', sessionId),
);

/**
 * PostgreSQL: whether the session is still there, the podcast its user has selected now, and that
 * podcast's change counts and those of everything (a kept row of the selected podcast holds while
 * it is the same podcast with the same counts).
 */
export const selectedCounts = preparedQuery((db: Db, sessionId: string) => {
  const selected = selectedPodcastId(db, sql.ref<number>('sessions.user_id'));
  return db
    .selectFrom('sessions')
    .leftJoin('change_counts as podcast_changes', (j) => j.on('podcast_changes.podcast_id', '=', selected))
    .leftJoin('change_counts as all_changes', (j) => j.on('all_changes.podcast_id', '=', 0))
    .select([
      selected.as('podcast_id'),
      'podcast_changes.count as changes_of_podcast',
      'all_changes.count as changes_of_all',
    ])
    .where('sessions.id', '=', sessionId);
});

/**
 * The session's user (undefined: no such session), the access row (undefined: 404), and until when
 * the row read at `now` holds as far as the clock goes (ms: the session's expiry, a cancelled
 * subscription's end).
 */
export async function findSessionAccess(
  db: Db,
  sessionId: string,
  now: Date,
  via: PodcastVia,
  id: number,
  claim?: KeyClaim,
) {
  const at = now.toISOString();
  const [row] = claim
    ? (
        await preparedSessionClaim[via](
          db,
          sessionId,
          at,
          id,
          claim.key,
          claim.request,
          claim.body_hash,
          claim.holder,
          claim.created_at,
          claim.locked_until,
          claim.expires_at,
        )
      ).rows
    : await preparedSessionAccess[via](db, sessionId, at, id);
  if (!row) return { user: undefined, access: undefined, until: Infinity };
  const { session_expires_at: sessionExpires, claimed_by: claimedBy, ...columns } = row;
  const user: Record<string, unknown> = {};
  const access: Record<string, unknown> = {};
  const taken: Record<string, unknown> = {};
  for (const key in columns) {
    if (key.startsWith(USER)) user[key.slice(USER.length)] = columns[key];
    else if (key.startsWith(TAKEN)) taken[key.slice(TAKEN.length)] = columns[key];
    else access[key] = columns[key];
  }
  return {
    user: user as SessionUser,
    access: access.membership_id === null ? undefined : (access as AccessRow),
    until: earliest(sessionExpires, access.contract_expires_at, access.owner_pro_any_expires_at),
    claim:
      claim &&
      ({
        won: claimedBy === claim.holder,
        taken: taken.state == null ? undefined : (taken as TakenKey),
      } satisfies ClaimOutcome),
  };
}
