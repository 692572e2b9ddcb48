// Cookie sessions stored in the database (hashed ids). Loading them is the access hook's job
// (auth/access.ts); routes read `request.user` through requireUser.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database, Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import type { UsersTable } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { issueCsrfToken } from './csrf.ts';
import { randomToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'kompass_session';
const LIFETIME_DAYS = 30;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

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
 * On SQLite a read (GET, HEAD) takes the session another request read, as long as this process
 * has written nothing since (`db.writes`: a logout, a changed name, a verification all write) and
 * for at most SESSION_CACHE_MS, the time another process sharing the file may take to be seen.
 * The lookup was a fifth of the CPU of a small API read. PostgreSQL reads every time.
 */
export const SESSION_CACHE_MS = 1000;
const SESSION_CACHE_SIZE = 10_000;
type CachedSession = { id: string; user: SessionUser; expiresAt: number; writes: number; readAt: number };
/** Keyed by the cookie's token, so a hit costs no hash; the token is held for a second at most. */
const sessionCaches = new WeakMap<Database, Map<string, CachedSession>>();

function recall(db: Database, token: string, now: number) {
  const cache = sessionCaches.get(db);
  const cached = cache?.get(token);
  if (!cached) return undefined;
  const fresh =
    cached.writes === db.writes?.() &&
    performance.now() - cached.readAt < SESSION_CACHE_MS &&
    cached.expiresAt > now;
  if (fresh) return cached;
  cache!.delete(token);
  return undefined;
}

async function readSession(db: Database, token: string, now: number) {
  const writes = db.writes?.();
  const readAt = performance.now();
  const id = sha256(token);
  const [row] = await sessionUser(db, id, new Date(now).toISOString());
  if (!row) return undefined;
  const { session_expires_at: expiresAt, ...user } = row;
  const session = { id, user, expiresAt: Date.parse(expiresAt), writes: writes ?? 0, readAt };
  if (writes !== undefined) {
    let cache = sessionCaches.get(db);
    if (!cache) sessionCaches.set(db, (cache = new Map()));
    if (cache.size >= SESSION_CACHE_SIZE) cache.clear();
    cache.set(token, session);
  }
  return session;
}

function signIn(request: FastifyRequest, session: { id: string; user: SessionUser } | undefined) {
  if (!session) return;
  request.user = session.user;
  request.sessionId = session.id;
}

/**
 * Sets `request.user` and `request.sessionId` from the session cookie. Returns a promise only when
 * it has to read the database, so a read answered from the cache passes the access hook without one.
 */
export function loadSession({ db, clock }: AppContext, request: FastifyRequest): Promise<void> | undefined {
  request.user = null;
  request.sessionId = null;
  const token = request.cookies[SESSION_COOKIE];
  if (!token || !TOKEN_SHAPE.test(token)) return;
  const now = clock.now().getTime();
  const read = request.method === 'GET' || request.method === 'HEAD';
  const cached = read ? recall(db, token, now) : undefined;
  if (!cached) return readSession(db, token, now).then((session) => signIn(request, session));
  signIn(request, cached);
  return undefined;
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
  request.sessionId = null;
  reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx.secure));
  issueCsrfToken(ctx, request, reply);
}

/** The signed-in user of a route that the access hook let through (any access but `public`). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'Du bist nicht angemeldet.');
  return request.user;
}
