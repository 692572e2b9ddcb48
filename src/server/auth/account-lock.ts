// The per-account login limit (Entscheidung AUTH-1: counted per failing network, never a lockout).
// The per-client limits (throttle.ts) let 40 wrong passwords from 40 addresses through; this one
// counts the wrong passwords of one account per source network and overall (login-failures.ts),
// without handing an attacker a lockout:
// - a network that failed too often waits, then is refused: a password alone no longer logs in
//   from it (429 with Retry-After, whatever the password, so it tells nothing); other networks,
//   the owner's new device among them, still log in;
// - the owner still logs in from a known device: a signed cookie (`kompass_device`, HMAC of the
//   user id with the app key) set at every successful login;
// - or with the mailed one-time link of 'Passwort vergessen?': a reset proves the mailbox and
//   clears the account's counts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { cookieOptions } from '../http/cookies.ts';
import {
  clearLoginFailures,
  clearNetworkFailures,
  countLoginFailure,
  loginHold,
  sourceNetwork,
} from './login-failures.ts';
import { hmac, safeEqual } from './tokens.ts';

export const DEVICE_COOKIE = 'kompass_device';
const DEVICE_DAYS = 400;

export const accountLockMessage =
  'Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen. Melde dich auf einem Gerät an, mit dem du dich schon angemeldet hast, oder setze dein Passwort über „Passwort vergessen?“ zurück.';

const deviceValue = (appKey: string, userId: number) => `${userId}.${hmac(appKey, `known-device:${userId}`)}`;

const isKnownDevice = (
  ctx: Pick<AppContext, 'appKey'>,
  request: FastifyRequest,
  userId: number | undefined,
) => {
  const value = request.cookies[DEVICE_COOKIE];
  return userId !== undefined && value !== undefined && safeEqual(value, deviceValue(ctx.appKey, userId));
};

export const accountWaitMessage = (seconds: number) =>
  `Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen. Versuche es in ${seconds} Sekunden noch einmal, melde dich auf einem Gerät an, mit dem du dich schon angemeldet hast, oder setze dein Passwort über „Passwort vergessen?“ zurück.`;

/**
 * Refuses a password-only login from a network that failed too often for this account (a wait
 * or the lock), unless from a known device.
 */
export async function checkAccountLock(
  ctx: Pick<AppContext, 'db' | 'clock' | 'appKey'>,
  request: FastifyRequest,
  email: string,
  userId: number | undefined,
) {
  const hold = await loginHold(ctx, email, sourceNetwork(request.ip));
  if (!hold || isKnownDevice(ctx, request, userId)) return;
  const seconds = Math.max(1, Math.ceil((hold.until - ctx.clock.now().getTime()) / 1000));
  const message = hold.kind === 'lock' ? accountLockMessage : accountWaitMessage(seconds);
  throw new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
}

/** Counts a wrong password against the account and the request's network (checked before the password). */
export const countAccountFailure = (
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: FastifyRequest,
  email: string,
) => countLoginFailure(ctx, email, sourceNetwork(request.ip));

/**
 * A right password without a known device: the request's network starts again (the account's
 * overall count stays). A known device's login proves the device, not the network (an attacker
 * may share it), so it leaves the count.
 */
export async function clearNetworkLock(
  ctx: Pick<AppContext, 'db' | 'appKey'>,
  request: FastifyRequest,
  email: string,
  userId: number,
) {
  if (!isKnownDevice(ctx, request, userId)) await clearNetworkFailures(ctx, email, sourceNetwork(request.ip));
}

export const clearAccountLock = (ctx: Pick<AppContext, 'db'>, email: string) =>
  clearLoginFailures(ctx, email);

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
