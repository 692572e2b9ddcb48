// Fastify builds `request.routeOptions` anew (a dozen fields) at every read. The hooks that run on
// every request read the route the router matched through routeOf: once per request.
import type { FastifyInstance, FastifyRequest } from 'fastify';

type MatchedRoute = FastifyRequest['routeOptions'];

declare module 'fastify' {
  interface FastifyRequest {
    matchedRoute: MatchedRoute | null;
  }
}

export const registerRouteOf = (app: FastifyInstance) => app.decorateRequest('matchedRoute', null);

/** The route as the router matched it (its pattern, never the raw URL). */
export const routeOf = (request: FastifyRequest): MatchedRoute =>
  (request.matchedRoute ??= request.routeOptions);
