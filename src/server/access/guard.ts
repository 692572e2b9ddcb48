// The one guard of everything a podcast owns. A route declares what its id names and what it does
// (`config: { podcast: { via: 'experiment', action: 'experiments.update', plan: 'pro' } }`, `via`
// defaulting to 'podcast'); the guard finds the thing's podcast, the caller's active membership and
// role and the plan in one query (access-row.ts, narrowed by the kind of kinds.ts), and lets the
// request through only when `can(role, action)` says so and the plan fits (decide.ts). Handlers
// read the result with `requirePodcast` and never check access themselves. A route with a
// parameter and no rule cannot be registered (deny-by-default.ts).
import type { FastifyInstance, preValidationAsyncHookHandler, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { PodcastKind } from './access-query.ts';
import { findAccessRow } from './access-row.ts';
import { accessOf, type PodcastAccess, type PodcastRule } from './decide.ts';
import { refuseUndeclared } from './deny-by-default.ts';
import { kindOf, podcastMessages, type PodcastVia } from './kinds.ts';
import type { SessionUser } from './session.ts';
import { thingIdOf } from './thing-of.ts';

export type { PodcastAccess, PodcastRule } from './decide.ts';
export const messages = podcastMessages;

/**
 * The caller's access to the thing `thingId` of kind `via` for `rule`. A thing that does not exist
 * and one of a podcast the caller is no active member of get the same 404 with the thing's own
 * message, so nobody learns which ids exist; 403 for the role or a Basic podcast on a Pro route.
 */
export async function guardLookup(
  db: Db,
  now: Date,
  user: SessionUser,
  via: PodcastVia,
  thingId: number,
  rule: PodcastRule,
): Promise<PodcastAccess> {
  return accessOf(await findAccessRow(db, now, user.id, via, thingId), now, user, via, rule);
}

/** The caller's access to a podcast the code (not the path) names, e.g. one just created. */
export const podcastAccess = (db: Db, now: Date, user: SessionUser, podcastId: number, rule: PodcastRule) =>
  guardLookup(db, now, user, 'podcast', podcastId, rule);

export function registerPodcastGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('podcastAccess', null);
  app.decorateRequest('accessRead', null);
  // Before body validation: a stranger learns nothing, not even which fields a form has.
  const podcastGuard: preValidationAsyncHookHandler = async (request) => {
    const rule = request.routeOptions.config.podcast!;
    const via = rule.via ?? 'podcast';
    const kind: PodcastKind = kindOf(via);
    if (!request.user) throw new HttpError(401, 'Du bist nicht angemeldet.');
    const thingId = thingIdOf(request, kind);
    if (thingId === undefined) {
      // An optional context that is absent or malformed: the route is not the podcast's (the
      // query's validation answers a malformed one with 422).
      if (kind.from === 'context') return;
      throw notFound(kind.missing);
    }
    const read = request.accessRead;
    const now = read?.now ?? ctx.clock.now();
    const row = read ? read.row : await findAccessRow(ctx.db, now, request.user.id, via, thingId);
    // A caller who can select no podcast: the route answers without one.
    if (!row && kind.from === 'session') return;
    request.podcastAccess = accessOf(row, now, request.user, via, rule);
  };
  // Only the routes with a rule run the guard, so the others pay no hook step for it.
  app.addHook('onRoute', (route) => {
    refuseUndeclared(route);
    if (!route.config?.podcast) return;
    const own = route.preValidation;
    route.preValidation = [podcastGuard, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

/** The guard's result in a handler of a route that declares a podcast rule. */
export function requirePodcast(request: FastifyRequest): PodcastAccess {
  if (!request.podcastAccess) throw notFound(messages.notFound);
  return request.podcastAccess;
}

/** The guard's result of an optional rule (`via: 'context'`): null when the request named none. */
export const optionalPodcast = (request: FastifyRequest): PodcastAccess | null => request.podcastAccess;
