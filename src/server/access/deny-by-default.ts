// Deny by default, at registration: a route under /api/ whose path has a parameter must declare a
// podcast rule, a staff ability (/api/nova, staff.ts) or an explicit `access` ('public', 'user',
// 'own-account'); a route under /api/podcasts/:id must declare a podcast rule; a podcast rule
// must name a registered kind (kinds.ts). Entscheidung ACS-2: a route that forgot its rule cannot
// be registered.
import type { RouteOptions } from 'fastify';
import { kindOf } from './kinds.ts';

/** Paths whose `:id` is a podcast; every route under them must declare a rule. */
const PODCAST_SCOPED = /^\/api\/podcasts\/:id\b/;
/** Accesses that say on purpose that the path's parameter names nothing of a podcast. */
const DECLARED_ACCESS = new Set(['public', 'user', 'own-account']);

/** Whether a route path has a parameter (`::` is an escaped colon, `[^:/]` a regex's class). */
export const hasParam = (url: string) => /:[A-Za-z_]/.test(url.replaceAll('::', ''));

/** Throws for a route that would be open by omission (app.ts cannot even be built then). */
export function refuseUndeclared(route: RouteOptions) {
  const config = route.config ?? {};
  if (
    PODCAST_SCOPED.test(route.url) &&
    (!config.podcast || (config.podcast.via ?? 'podcast') !== 'podcast')
  ) {
    throw new Error(`${route.url} is podcast-scoped but declares no podcast rule`);
  }
  if (config.podcast) kindOf(config.podcast.via ?? 'podcast');
  if (!route.url.startsWith('/api/') || !hasParam(route.url)) return;
  if (config.podcast || config.staff || DECLARED_ACCESS.has(config.access ?? '')) return;
  throw new Error(
    `${route.url} has a parameter but declares neither a podcast rule ({ podcast: { via, action } }) nor an access ('public' | 'own-account')`,
  );
}
