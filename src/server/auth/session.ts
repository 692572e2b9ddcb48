// Cookie sessions stored in the database (hashed ids), plus the guards routes use.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import type { UsersTable } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { randomToken, sha256 } from './tokens.ts';
import type { Selectable } from 'kysely';

export const SESSION_COOKIE = 'kompass_session';
const LIFETIME_DAYS = 30;

export type SessionUser = Selectable<UsersTable>;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

export function cookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
}

// Read on every API request.
const sessionUser = preparedQuery((db: Database, id: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now),
);

export async function loadSession(db: Database, request: FastifyRequest) {
  request.user = null;
  request.sessionId = null;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const id = sha256(token);
  const [user] = await sessionUser(db, id, new Date().toISOString());
  if (user) {
    request.user = user;
    request.sessionId = id;
  }
}

/** Starts a fresh session (a new id at every login) and sets its cookie. */
export async function startSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  secure: boolean,
) {
  if (request.sessionId) await db.deleteFrom('sessions').where('id', '=', request.sessionId).execute();
  const token = randomToken();
  const now = new Date();
  const expires = new Date(now.getTime() + LIFETIME_DAYS * 86_400_000);
  await db
    .insertInto('sessions')
    .values({
      id: sha256(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      user_agent: request.headers['user-agent']?.slice(0, 255) ?? null,
    })
    .execute();
  request.sessionId = sha256(token);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(secure), expires });
}

export async function endSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
) {
  if (request.sessionId) await db.deleteFrom('sessions').where('id', '=', request.sessionId).execute();
  request.user = null;
  request.sessionId = null;
  reply.clearCookie(SESSION_COOKIE, cookieOptions(secure));
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'Du bist nicht angemeldet.');
  return request.user;
}

export function requireVerifiedUser(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.email_verified_at) {
    throw new HttpError(403, 'Bitte bestätige zuerst deine E-Mail-Adresse.');
  }
  return user;
}
