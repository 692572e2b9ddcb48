// The session's user and the caller's access row for one thing in one statement (a podcast's
// route reads them together: access-hook.ts), prepared once per kind.
import { sql, type QueryCreator, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DB, UsersTable } from '../db/schema.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import type { AccessRow } from './access-query.ts';
import { accessRowQuery, perKind } from './access-row.ts';
import type { PodcastVia } from './kinds.ts';

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
  onboarding_podcast_id: 1,
  onboarding_step: 1,
  created_at: 1,
  updated_at: 1,
} satisfies Record<keyof UsersTable, 1>) as (keyof UsersTable)[];
export const USER = 'session_user_';
/**
 * The session's user and the caller's access row for the thing `id` of kind `via`, in one
 * statement: the session (by its id, unexpired) joined with the guard's query for the session's
 * user, left joined so that a session without access still signs the user in (the guard answers
 * 404). Entscheidung ACS-5. The user's columns carry a prefix: users and podcasts share column names.
 */
export const sessionAccessQuery = (
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

export const preparedSessionAccess = perKind((via) =>
  preparedQuery((db: Db, sessionId: string, now: string, id: number) =>
    sessionAccessQuery(db, db, via, sessionId, now, id),
  ),
) as unknown as (
  via: PodcastVia,
) => (db: Db, sessionId: string, now: string, id: number) => Promise<Record<string, unknown>[]>;
