// CSRF protection: the XSRF-TOKEN cookie must come back as the X-XSRF-TOKEN header (double
// submit), and the token must be signed for the caller's session, so a token taken from one
// session is worthless in another. It rotates whenever the session changes (login, logout).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfTokenResponse } from '../../shared/api.ts';
import type { AppContext } from '../context.ts';
import { XSRF_COOKIE } from '../http/cookies.ts';
import { HttpError } from '../http/errors.ts';
import { hmac, randomToken, safeEqual } from './tokens.ts';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}\.[a-f0-9]{64}$/;

const signature = (ctx: AppContext, sessionId: string | null, nonce: string) =>
  hmac(ctx.appKey, `csrf:${sessionId ?? 'guest'}:${nonce}`);

/**
 * Tokens found valid, by app and session: a session sends the same token with each of its writes,
 * and its HMAC costs every write (Entscheidung AUTH-4). Only valid ones are
 * kept (a forged token is checked each time), the oldest forgotten beyond VALID_KEPT.
 */
const validTokens = new WeakMap<AppContext, Set<string>>();
const VALID_KEPT = 4096;

function isValid(ctx: AppContext, request: FastifyRequest, token: string | undefined): token is string {
  if (!token || !TOKEN_SHAPE.test(token)) return false;
  let valid = validTokens.get(ctx);
  if (!valid) validTokens.set(ctx, (valid = new Set()));
  const id = `${request.sessionId ?? ''}\n${token}`;
  if (valid.has(id)) return true;
  const [nonce, mac] = token.split('.') as [string, string];
  if (!safeEqual(mac, signature(ctx, request.sessionId, nonce))) return false;
  if (valid.size >= VALID_KEPT) valid.delete(valid.values().next().value!);
  valid.add(id);
  return true;
}

/** Sets a fresh token for the request's current session and returns it. */
export function issueCsrfToken(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const nonce = randomToken();
  const token = `${nonce}.${signature(ctx, request.sessionId, nonce)}`;
  reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: ctx.secure, httpOnly: false });
  return token;
}

export function verifyCsrf(ctx: AppContext, request: FastifyRequest) {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers['x-xsrf-token'];
  // The header is compared as sent: a valid token never needs percent-decoding.
  if (typeof header !== 'string' || !isValid(ctx, request, cookie) || !safeEqual(cookie, header)) {
    throw new HttpError(
      419,
      'Deine Sitzung ist abgelaufen. Bitte lade die Seite neu und versuche es noch einmal.',
    );
  }
}

export function registerCsrfRoute(app: FastifyInstance, ctx: AppContext) {
  // The service worker cannot read cookies, so the token is in the body too (DESIGN.md, offline).
  app.get(
    '/sanctum/csrf-cookie',
    { schema: { response: { 200: csrfTokenResponse } } },
    async (request, reply) => {
      const existing = request.cookies[XSRF_COOKIE];
      const token = isValid(ctx, request, existing) ? existing : issueCsrfToken(ctx, request, reply);
      return { token };
    },
  );
}
