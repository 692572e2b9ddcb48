// Double-submit CSRF protection: the XSRF-TOKEN cookie must come back as the X-XSRF-TOKEN header.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { randomToken, safeEqual } from './tokens.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function registerCsrf(app: FastifyInstance, secure: boolean) {
  // The service worker cannot read cookies, so the token is in the body too (DESIGN.md, offline).
  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    const existing = request.cookies[XSRF_COOKIE];
    const token = existing && TOKEN_SHAPE.test(existing) ? existing : randomToken();
    reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
    return { token };
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers['x-xsrf-token'];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, decodeURIComponent(header))) {
      throw new HttpError(
        419,
        'Deine Sitzung ist abgelaufen. Bitte lade die Seite neu und versuche es noch einmal.',
      );
    }
  });
}
