// Deny by default: every route under /api/ needs a verified session unless it opts out in its
// route config (`config: { access: 'public' | 'user' }`). The route is matched as the router
// matched it (its pattern), never by the raw URL, so `/%61pi/...` cannot slip past.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { verifyCsrf } from './csrf.ts';
import { loadSession } from './session.ts';

/** `public`: anyone; `user`: any signed-in user, confirmed or not; `verified` (default). */
export type Access = 'public' | 'user' | 'verified';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') ?? false;

export const routeAccess = (request: FastifyRequest): Access =>
  request.routeOptions.config.access ?? 'verified';

export function registerAccess(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request) => {
    const api = isApiRoute(request) || request.routeOptions.url === '/sanctum/csrf-cookie';
    const unsafe = !SAFE_METHODS.has(request.method);
    if (api || unsafe) await loadSession(ctx, request);
    // Every write, wherever it is routed, needs the session's CSRF token.
    if (unsafe) verifyCsrf(ctx, request);
    if (!isApiRoute(request)) return;
    const access = routeAccess(request);
    if (access === 'public') return;
    if (!request.user) throw new HttpError(401, 'Du bist nicht angemeldet.');
    if (access === 'verified' && !request.user.email_verified_at) {
      throw new HttpError(403, 'Bitte bestätige zuerst deine E-Mail-Adresse.');
    }
  });
}
