// The one guard of every podcast-scoped route. A route declares what it does
// (`config: { podcast: { action: 'strategy.update', plan: 'pro' } }`, the podcast id in `:id`);
// the guard loads the podcast, the caller's active membership and role and the plan, and lets
// the request through only when `can(role, action)` says so and the plan fits. Deny by default:
// a route under /api/podcasts/:id without that config cannot even be registered.
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Selectable } from 'kysely';
import { id } from '../../shared/api.ts';
import { can, type PodcastAction, type Role } from '../../shared/roles.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { PodcastsTable } from '../db/schema.ts';
import type { SessionUser } from '../auth/session.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { contractorOf, planColumns, planOf, type Plan } from './podcast-plan.ts';

export type PodcastRule = { action: PodcastAction; plan?: 'pro' };

/** What the guard found: the podcast, the caller's role in it and its plan for the caller. */
export type PodcastAccess = {
  podcast: Selectable<PodcastsTable>;
  role: Role;
  membershipId: number;
  plan: Plan;
  /** Whose subscription unlocks the podcast (a current contract), if any. */
  contractorId: number | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    podcast?: PodcastRule;
  }
  interface FastifyRequest {
    podcastAccess: PodcastAccess | null;
  }
}

export const messages = {
  notFound: 'Diesen Podcast gibt es nicht.',
  role: 'Das darf deine Rolle in diesem Podcast nicht.',
  pro: 'Das gibt es nur in Studio Pro. Aktiviere die Kompass-KI für diesen Podcast.',
};

/** Paths whose `:id` is a podcast; every route under them must declare a rule. */
const PODCAST_SCOPED = /^\/api\/podcasts\/:id\b/;

/**
 * The caller's access to a podcast for `rule`. A podcast the caller is no active member of
 * answers 404 like one that does not exist, so nobody learns which ids exist.
 */
export async function podcastAccess(
  db: Db,
  now: Date,
  user: SessionUser,
  podcastId: number,
  rule: PodcastRule,
): Promise<PodcastAccess> {
  const row = await db
    .selectFrom('podcasts')
    .innerJoin('memberships', 'memberships.podcast_id', 'podcasts.id')
    .selectAll('podcasts')
    .select(['memberships.id as membership_id', 'memberships.role as member_role'])
    .select(planColumns(now))
    .where('podcasts.id', '=', podcastId)
    .where('memberships.user_id', '=', user.id)
    .where('memberships.active', '=', 1)
    .executeTakeFirst();
  if (!row) throw notFound(messages.notFound);
  const { membership_id, member_role, owner_granted: _o, contractor_id: _c, ...podcast } = row;
  if (!can(member_role, rule.action)) throw new HttpError(403, messages.role);
  const plan = planOf(row, now, user.granted === 1);
  if (rule.plan === 'pro' && !plan.active) throw new HttpError(403, messages.pro);
  return {
    podcast,
    role: member_role as Role,
    membershipId: membership_id,
    plan,
    contractorId: contractorOf(row),
  };
}

/**
 * The guard for a route whose path names something of a podcast rather than the podcast (a
 * membership, an invitation): the caller's access to the podcast `podcastId` belongs to. A thing
 * that does not exist (`podcastId` undefined) and a podcast the caller is no active member of get
 * the same 404 with the thing's own `missing` message, so ids reveal nothing; 403 as usual.
 */
export async function accessThrough(
  db: Db,
  now: Date,
  user: SessionUser,
  podcastId: number | undefined,
  rule: PodcastRule,
  missing: string,
): Promise<PodcastAccess> {
  if (podcastId === undefined) throw notFound(missing);
  try {
    return await podcastAccess(db, now, user, podcastId, rule);
  } catch (error) {
    throw error instanceof HttpError && error.statusCode === 404 ? notFound(missing) : error;
  }
}

export function registerPodcastGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('podcastAccess', null);
  // Before body validation: a stranger learns nothing, not even which fields a form has.
  const guard: preValidationAsyncHookHandler = async (request) => {
    const rule = request.routeOptions.config.podcast!;
    if (!request.user) throw new HttpError(401, 'Du bist nicht angemeldet.');
    const parsed = id.safeParse((request.params as { id?: unknown } | undefined)?.id);
    if (!parsed.success) throw notFound(messages.notFound);
    request.podcastAccess = await podcastAccess(ctx.db, ctx.clock.now(), request.user, parsed.data, rule);
  };
  // Only the routes with a rule run the guard, so the others pay no hook step for it.
  app.addHook('onRoute', (route) => {
    if (PODCAST_SCOPED.test(route.url) && !route.config?.podcast) {
      throw new Error(`${route.url} is podcast-scoped but declares no podcast rule`);
    }
    if (!route.config?.podcast) return;
    const own = route.preValidation;
    route.preValidation = [guard, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

/** The guard's result in a handler of a route that declares a podcast rule. */
export function requirePodcast(request: FastifyRequest): PodcastAccess {
  if (!request.podcastAccess) throw notFound(messages.notFound);
  return request.podcastAccess;
}
