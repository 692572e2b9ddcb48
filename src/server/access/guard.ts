// The one guard of everything a podcast owns. A route declares what its id names and what it does
// (`config: { podcast: { via: 'experiment', action: 'experiments.update', plan: 'pro' } }`, `via`
// defaulting to 'podcast'); the guard finds the thing's podcast, the caller's active membership and
// role and the plan in one query (access-row.ts, narrowed by the kind of kinds.ts), and lets the
// request through only when `can(role, action)` says so and the plan fits (decide.ts). Handlers
// read the result with `requirePodcast` and never check access themselves. A route with a
// parameter and no rule cannot be registered (deny-by-default.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { AccessRow, PodcastKind } from './access-query.ts';
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

/**
 * The guard's decision for a request whose route declares a podcast rule, made by the pipeline's
 * access step right where the session is read (pipeline/access-hook.ts): `read` is the access row
 * read with the session, or undefined when the session's statement read none (then it is read
 * here). Sets `request.podcastAccess`, or throws the 404/403; a request that names no thing of an
 * optional context, or whose session can select no podcast, passes without one.
 */
export function decidePodcast(
  ctx: AppContext,
  request: FastifyRequest,
  read: { row: AccessRow | undefined; now: Date } | undefined,
): Promise<void> | undefined {
  const rule = request.routeOptions.config.podcast!;
  const via = rule.via ?? 'podcast';
  const kind: PodcastKind = kindOf(via);
  const user = request.user;
  if (!user) throw new HttpError(401, 'Du bist nicht angemeldet.');
  const thingId = thingIdOf(request, kind);
  if (thingId === undefined) {
    // An optional context that is absent or malformed: the route is not the podcast's (the
    // query's validation answers a malformed one with 422).
    if (kind.from === 'context') return undefined;
    throw notFound(kind.missing);
  }
  const decide = (row: AccessRow | undefined, now: Date) => {
    // A caller who can select no podcast: the route answers without one.
    if (!row && kind.from === 'session') return;
    request.podcastAccess = accessOf(row, now, user, via, rule);
  };
  if (read) {
    decide(read.row, read.now);
    return undefined;
  }
  const now = ctx.clock.now();
  return findAccessRow(ctx.db, now, user.id, via, thingId).then((row) => decide(row, now));
}

/**
 * The guard's part at registration: a route under /api/ with a parameter and no rule, or a rule
 * naming an unknown kind, cannot be registered (deny-by-default.ts); the decision itself is
 * decidePodcast, in the pipeline's access step.
 */
export function registerPodcastGuard(app: FastifyInstance) {
  app.decorateRequest('podcastAccess', null);
  app.addHook('onRoute', (route) => refuseUndeclared(route));
}

/** The guard's result in a handler of a route that declares a podcast rule. */
export function requirePodcast(request: FastifyRequest): PodcastAccess {
  if (!request.podcastAccess) throw notFound(messages.notFound);
  return request.podcastAccess;
}

/**
 * What the guard answers now for the thing it let the request reach, gone since (http/errors.ts
 * errorHandler); undefined on a request the guard did not let through to a thing.
 */
export const vanishedMessage = (request: FastifyRequest): string | undefined =>
  request.podcastAccess ? kindOf(request.routeOptions.config.podcast?.via ?? 'podcast').missing : undefined;

/** The guard's result of an optional rule (`via: 'context'`): null when the request named none. */
export const optionalPodcast = (request: FastifyRequest): PodcastAccess | null => request.podcastAccess;
