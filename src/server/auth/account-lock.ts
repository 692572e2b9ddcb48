// The per-account login limit (issue 20, decision 2026-11-26). The per-client limits
// (throttle.ts) let 40 wrong passwords from 40 addresses through; this one counts the wrong
// passwords of one account, wherever they come from, without handing an attacker a lockout:
// - after `limits.accountLogin.max` wrong passwords in its window, a password alone no longer
//   logs into the account (429 with Retry-After, whatever the password, so it tells nothing);
// - the owner still logs in from a known device: a signed cookie (`kompass_device`, HMAC of the
//   user id with the app key) set at every successful login;
// - or with the mailed one-time link of 'Passwort vergessen?': a reset proves the mailbox and
//   clears the account's count.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { cookieOptions } from '../access/session.ts';
import { clearThrottle, limits, throttle } from './throttle.ts';
import { hmac, safeEqual } from './tokens.ts';

export const DEVICE_COOKIE = 'kompass_device';
const DEVICE_DAYS = 400;

export const accountLockMessage =
  'Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen. Melde dich auf einem Gerät an, mit dem du dich schon angemeldet hast, oder setze dein Passwort über „Passwort vergessen?“ zurück.';

const key = (email: string) => `login-account:${email}`;
const deviceValue = (appKey: string, userId: number) => `${userId}.${hmac(appKey, `known-device:${userId}`)}`;

const isKnownDevice = (
  ctx: Pick<AppContext, 'appKey'>,
  request: FastifyRequest,
  userId: number | undefined,
) => {
  const value = request.cookies[DEVICE_COOKIE];
  return userId !== undefined && value !== undefined && safeEqual(value, deviceValue(ctx.appKey, userId));
};

/** Refuses a password-only login to an account over its limit, unless from a known device. */
export async function checkAccountLock(
  ctx: Pick<AppContext, 'db' | 'clock' | 'appKey'>,
  request: FastifyRequest,
  email: string,
  userId: number | undefined,
) {
  const now = ctx.clock.now().getTime();
  const row = await ctx.db
    .selectFrom('throttles')
    .select(['hits', 'reset_at'])
    .where('key', '=', key(email))
    .where(sql<boolean>`reset_at > ${now}`)
    .executeTakeFirst();
  if (!row || row.hits < limits.accountLogin.max || isKnownDevice(ctx, request, userId)) return;
  const seconds = Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000));
  throw new HttpError(429, accountLockMessage, undefined, { 'Retry-After': String(seconds) });
}

/** Counts a wrong password against the account (the limit itself is checked before the password). */
export const countAccountFailure = (ctx: Pick<AppContext, 'db' | 'clock'>, email: string) =>
  throttle(ctx, key(email), { ...limits.accountLogin, max: Number.MAX_SAFE_INTEGER });

export const clearAccountLock = (ctx: Pick<AppContext, 'db'>, email: string) =>
  clearThrottle(ctx.db, key(email));

/** Marks this browser as a known device of the user (after a successful login). */
export function rememberDevice(
  ctx: Pick<AppContext, 'appKey' | 'secure'>,
  reply: FastifyReply,
  userId: number,
) {
  reply.setCookie(DEVICE_COOKIE, deviceValue(ctx.appKey, userId), {
    ...cookieOptions(ctx.secure),
    path: '/api/account/session',
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
  });
}
