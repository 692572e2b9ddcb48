// Cookie sessions stored in the database (hashed ids). Loading them is the access hook's job
// (pipeline/access-hook.ts); routes read `request.user` through requireUser.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import { earliest, type ChangeMemo } from '../db/change-memo.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import type { UsersTable } from '../db/schema.ts';
import { cookieOptions, SESSION_COOKIE } from '../http/cookies.ts';
import { HttpError } from '../http/errors.ts';
import { withUserFacts, type UserFacts } from './user-facts.ts';
import { issueCsrfToken } from '../auth/csrf.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';

const LIFETIME_DAYS = 30;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type SessionUser = Selectable<UsersTable>;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** The session's user's facts, when they were read with the session (`sessionWithFacts`). */
    userFacts: UserFacts | null;
  }
  interface FastifyContextConfig {
    /** The route serializes the session's user (users/serialize-user.ts): `sessionWithFacts` may read for it. */
    userFacts?: boolean;
  }
}

// Read on every API request that names no podcast (those read it with their access row: access/guard.ts).
const sessionUser = preparedQuery((db: Db, id: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now),
);

/**
 * The session's user, as a request reads it: a logout, a changed role or a deleted user, also in
 * another process (the admin CLI, a second server), counts at the next request. On SQLite a read
 * is reused while nothing it read changed (db/change-memo.ts); on PostgreSQL each request reads.
 */
export type SessionReader = (sessionId: string, now: Date) => Promise<SessionUser | undefined>;

/** The plain session read (a route that names no podcast), through `memo`. */
export const sessionReader =
  (db: Db, memo: ChangeMemo<SessionUser>): SessionReader =>
  (sessionId, now) =>
    memo(sessionId, '', now, async () => {
      const [row] = await sessionUser(db, sessionId, now.toISOString());
      if (!row) return undefined;
      const { session_expires_at: expires, ...user } = row;
      return { value: user, podcastId: null, until: earliest(expires) };
    });

/** The facts' columns (the compiler names a missing one), told apart from the user's own. */
const FACT_COLUMNS = new Set(
  Object.keys({
    profile_user_id: 1,
    username: 1,
    position: 1,
    language: 1,
    referrer: 1,
    image_key: 1,
    owned_podcasts: 1,
    num_coworkers: 1,
  } satisfies Record<keyof UserFacts, 1>),
);

const sessionUserFacts = preparedQuery((db: Db, id: string, now: string) =>
  withUserFacts(db.selectFrom('users as u'))
    .innerJoin('sessions', 'sessions.user_id', 'u.id')
    .selectAll('u')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now),
);

/**
 * The session read of a route that serializes the session's user (`config: { userFacts: true }`)
 * on PostgreSQL, where each statement is a round trip and sessions are read at every request: the
 * user's facts come with the session, in one statement. SQLite keeps session reads
 * (db/change-memo.ts) under counts that do not cover the facts, so it reads them apart
 * (Entscheidung ACS-5).
 */
export const sessionWithFacts =
  (db: Db, request: FastifyRequest): SessionReader =>
  async (sessionId, now) => {
    const [row] = await sessionUserFacts(db, sessionId, now.toISOString());
    if (!row) return undefined;
    const { session_expires_at: _expires, ...columns } = row;
    const user: Record<string, unknown> = {};
    const facts: Record<string, unknown> = {};
    for (const key in columns)
      (FACT_COLUMNS.has(key) ? facts : user)[key] = columns[key as keyof typeof columns];
    request.userFacts = facts as UserFacts;
    return user as SessionUser;
  };

/** The session id (the cookie token's hash) of a request, or undefined without a well-formed cookie. */
function sessionIdOf(request: FastifyRequest) {
  const token = request.cookies[SESSION_COOKIE];
  return token && TOKEN_SHAPE.test(token) ? sha256(token) : undefined;
}

/**
 * Sets `request.user` and `request.sessionId` from the session cookie, read by `read` (the podcast
 * guard's reader on a podcast's route, else `sessionReader`).
 */
export async function loadSession({ clock }: AppContext, request: FastifyRequest, read: SessionReader) {
  request.user = null;
  request.sessionId = null;
  request.userFacts = null;
  const id = sessionIdOf(request);
  if (!id) return;
  const now = clock.now();
  const user = await read(id, now);
  if (!user) return;
  request.user = user;
  request.sessionId = id;
}

/** Header values may carry anything a client sends; keep printable text only. */
const printable = (value: string | undefined) => value?.replace(/[^\x20-\x7e]/g, '').slice(0, 255) || null;

/** Starts a fresh session (a new id at every login), sets its cookie and a new CSRF token. */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const { db, clock, secure } = ctx;
  if (request.sessionId) await db.deleteFrom('sessions').where('id', '=', request.sessionId).execute();
  const token = randomToken();
  const now = clock.now();
  const expires = new Date(now.getTime() + LIFETIME_DAYS * 86_400_000);
  const id = sha256(token);
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      user_agent: printable(request.headers['user-agent']),
    })
    .execute();
  request.sessionId = id;
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(secure), expires });
  issueCsrfToken(ctx, request, reply);
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionId) await ctx.db.deleteFrom('sessions').where('id', '=', request.sessionId).execute();
  request.user = null;
  request.userFacts = null;
  request.sessionId = null;
  reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx.secure));
  issueCsrfToken(ctx, request, reply);
}

/** The signed-in user of a route that the access hook let through (any access but `public`). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'Du bist nicht angemeldet.');
  return request.user;
}
