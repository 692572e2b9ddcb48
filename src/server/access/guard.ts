// The one guard of everything a podcast owns. A route declares what its id names and what it does
// (`config: { podcast: { via: 'experiment', action: 'experiments.update', plan: 'pro' } }`, `via`
// defaulting to 'podcast'); the guard finds the thing's podcast, the caller's active membership and
// role and the plan in one query (podcast-kinds.ts), and lets the request through only when
// `can(role, action)` says so and the plan fits. Handlers read the result with `requirePodcast`
// and never check access themselves.
//
// Deny by default, at registration: a route under /api/ whose path has a parameter must declare a
// podcast rule, a staff ability (/api/nova, access/staff.ts) or an explicit `access` ('public',
// 'user', 'own-account'); a route under /api/podcasts/:id must declare a podcast rule. Decision
// 2026-11-26 (issue 20, wall 1): a new `/api/experiments/:id/x` that forgot its check was open to
// every verified user; now it cannot even be registered.
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler, RouteOptions } from 'fastify';
import type { Selectable } from 'kysely';
import { id } from '../../shared/api.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { can, type PodcastAction, type Role } from '../../shared/roles.ts';
import type { AppContext } from '../context.ts';
import type { ChangeMemo, MemoVersions } from '../db/change-memo.ts';
import type { Db } from '../db/database.ts';
import type { PodcastsTable } from '../db/schema.ts';
import type { SessionReader, SessionUser } from './session.ts';
import { HttpError, notFound } from '../http/errors.ts';
import {
  findAccessRow,
  findSessionAccess,
  podcastKinds,
  selectedCounts,
  type ClaimOutcome,
  type KeyClaim,
  sessionCounts,
  type AccessRow,
  podcastMessages,
  type PodcastKind,
  type PodcastVia,
} from './kinds.ts';
import { contractorOf, planOf, type Plan } from './plan.ts';

export type PodcastRule = { via?: PodcastVia; action: PodcastAction; plan?: 'pro' };

/** What the guard found: the podcast, the caller's role in it and its plan for the caller. */
export type PodcastAccess = {
  podcast: Selectable<PodcastsTable>;
  role: Role;
  membershipId: number;
  plan: Plan;
  /** Whose subscription unlocks the podcast (a current contract), if any. */
  contractorId: number | null;
  /** The experiment the path's thing is or belongs to (via experiment, action, comment). */
  experimentId: number | null;
  /** PostgreSQL: the podcast's change counts as read with its row (http/answer-cache.ts). */
  changes: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    podcast?: PodcastRule;
  }
  interface FastifyRequest {
    /** The guard's result; the tips hook also reads it (a write asks for the podcast's tips). */
    podcastAccess: PodcastAccess | null;
    /** The access row read with the session (sessionWithAccess), for the guard. */
    accessRead: { row: AccessRow | undefined; now: Date } | null;
  }
}

export const messages = podcastMessages;

/** Paths whose `:id` is a podcast; every route under them must declare a rule. */
const PODCAST_SCOPED = /^\/api\/podcasts\/:id\b/;
/** Accesses that say on purpose that the path's parameter names nothing of a podcast. */
const DECLARED_ACCESS = new Set(['public', 'user', 'own-account']);

/** Whether a route path has a parameter (`::` is an escaped colon, `[^:/]` a regex's class). */
export const hasParam = (url: string) => /:[A-Za-z_]/.test(url.replaceAll('::', ''));

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

/**
 * A row's podcast and the plan last decided on it, made once per row object: the session's rows
 * are kept across its requests (db/change-memo.ts), and copying the podcast's ~30 columns out of
 * each request's row (a rest spread) was a seventh of a podcast read's CPU on SQLite (2026-11-29,
 * issue 25). Frozen, since every request of that row shares them.
 */
type Decided = {
  podcast: Selectable<PodcastsTable>;
  plan?: { today: string; viewerGranted: boolean; plan: Plan };
};
const decided = new WeakMap<AccessRow, Decided>();

function decidedOf(row: AccessRow): Decided {
  let found = decided.get(row);
  if (!found) {
    const {
      membership_id: _m,
      member_role: _r,
      owner_granted: _o,
      contractor_id: _c,
      contract_expires_at: _ce,
      owner_pro_any_expires_at: _oe,
      experiment_id: _e,
      changes_of_podcast: _p,
      changes_of_all: _a,
      ...podcast
    } = row;
    decided.set(row, (found = { podcast: Object.freeze(podcast) }));
  }
  return found;
}

/** The plan of the row for the viewer on `now`'s Berlin day: the last one when both are the same. */
function planAt(row: AccessRow, found: Decided, now: Date, viewerGranted: boolean) {
  const today = berlinDate(now);
  const last = found.plan;
  if (last?.today === today && last.viewerGranted === viewerGranted) return last.plan;
  const plan = planOf(row, now, viewerGranted);
  found.plan = { today, viewerGranted, plan: Object.freeze(plan) };
  return plan;
}

/** The guard's decision on the caller's access row (undefined: none, so 404). */
function accessOf(
  row: AccessRow | undefined,
  now: Date,
  user: SessionUser,
  via: PodcastVia,
  rule: PodcastRule,
): PodcastAccess {
  if (!row) throw notFound(podcastKinds[via].missing);
  if (!can(row.member_role, rule.action)) throw new HttpError(403, messages.role);
  const found = decidedOf(row);
  const plan = planAt(row, found, now, user.granted === 1);
  if (rule.plan === 'pro' && !plan.active) throw new HttpError(403, messages.pro);
  return {
    podcast: found.podcast,
    role: row.member_role as Role,
    membershipId: row.membership_id,
    plan,
    contractorId: contractorOf(row),
    experimentId: row.experiment_id,
    changes: versionOf(row),
  };
}

/** PostgreSQL: the podcast's change counts as read with its row (migration 0023). */
const versionOf = (row: Pick<AccessRow, 'changes_of_all' | 'changes_of_podcast'>) =>
  `${row.changes_of_all ?? 0}.${row.changes_of_podcast ?? 0}`;

/**
 * PostgreSQL's versions of kept session-and-access rows (db/change-memo.ts): the counts read with
 * the row, checked by one small statement, the session's row and the two counts by primary key.
 */
export function countedVersions(db: Db): MemoVersions {
  return {
    async current(sessionId, podcastId) {
      const [row] = await sessionCounts(db, sessionId, podcastId ?? 0);
      return row && versionOf(row);
    },
    read: countedRead,
  };
}

/** A read keeps the version of the counts its statement read with the row. */
const countedRead: MemoVersions['read'] = async (load) => {
  const loaded = await load();
  return [loaded, loaded?.version];
};

/**
 * PostgreSQL's versions of a kept row of the selected podcast (kind `selected`): the same counts,
 * checked only while the session's user has still selected the same podcast.
 */
export function selectedVersions(db: Db): MemoVersions {
  return {
    async current(sessionId, podcastId) {
      const [row] = await selectedCounts(db, sessionId);
      return row && row.podcast_id === podcastId ? versionOf(row) : undefined;
    },
    read: countedRead,
  };
}

/** The caller's access to a podcast the code (not the path) names, e.g. one just created. */
export const podcastAccess = (db: Db, now: Date, user: SessionUser, podcastId: number, rule: PodcastRule) =>
  guardLookup(db, now, user, 'podcast', podcastId, rule);

function refuseUndeclared(route: RouteOptions) {
  const config = route.config ?? {};
  if (
    PODCAST_SCOPED.test(route.url) &&
    (!config.podcast || (config.podcast.via ?? 'podcast') !== 'podcast')
  ) {
    throw new Error(`${route.url} is podcast-scoped but declares no podcast rule`);
  }
  if (!route.url.startsWith('/api/') || !hasParam(route.url)) return;
  if (config.podcast || config.staff || DECLARED_ACCESS.has(config.access ?? '')) return;
  throw new Error(
    `${route.url} has a parameter but declares neither a podcast rule ({ podcast: { via, action } }) nor an access ('public' | 'own-account')`,
  );
}

/** The id of the thing the request names for its route's rule, or undefined for none or a malformed one. */
function thingIdOf(request: FastifyRequest, kind: PodcastKind) {
  if (kind.from === 'session') return 0; // the narrow picks the podcast
  const raw =
    kind.from === 'context'
      ? (request.query as { context?: unknown } | undefined)?.context
      : (request.params as { id?: unknown } | undefined)?.id;
  // Most method reads name no context: no schema to run for that.
  if (raw === undefined) return undefined;
  const parsed = id.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export type SessionAccess = { user: SessionUser; access: AccessRow };

/**
 * Where session-and-access rows are kept: `thing`'s while the counts of its podcast hold;
 * `selected`'s (a kind whose podcast the session picks) by rules of their own, since which podcast
 * that is depends on more than the counts of the one found (access/access-hook.ts).
 */
export type AccessMemos = { thing: ChangeMemo<SessionAccess>; selected: ChangeMemo<SessionAccess> };

/**
 * For the access hook (access/access-hook.ts): on a route with a podcast rule, the session is read with
 * the caller's access row in one statement (podcast-kinds.ts), which the guard then decides on
 * (role and plan anew for each request). The row is reused by the session's next request for the
 * same thing while nothing it was read from changed (db/change-memo.ts; on PostgreSQL by reads
 * only); a row without access is read again each time.
 */
export function sessionWithAccess(
  { db }: AppContext,
  memos: AccessMemos,
  request: FastifyRequest,
): SessionReader | undefined {
  const thing = podcastThing(request);
  if (!thing) return undefined;
  const { via, thingId } = thing;
  const keep = (podcastKinds[via] as PodcastKind).from === 'session' ? memos.selected : memos.thing;
  return async (sessionId, now) => {
    let found: { user: SessionUser | undefined; access: AccessRow | undefined } | undefined;
    const kept = await keep(sessionId, `${via}\n${thingId}`, now, async () => {
      const { user, access, until } = (found = await findSessionAccess(db, sessionId, now, via, thingId));
      if (!user || !access) return undefined;
      return { value: { user, access }, podcastId: access.id, until, version: versionOf(access) };
    });
    const { user, access } = kept ?? found!;
    if (user) request.accessRead = { row: access, now };
    return user;
  };
}

/** The podcast rule's thing that the request names, when the guard reads it with the session. */
export function podcastThing(request: FastifyRequest) {
  const rule = request.routeOptions.config.podcast;
  if (!rule) return undefined;
  const via = rule.via ?? 'podcast';
  const thingId = thingIdOf(request, podcastKinds[via]);
  return thingId === undefined ? undefined : { via, thingId };
}

/**
 * PostgreSQL, a write with an Idempotency-Key on a podcast's route (access/access-hook.ts): the session
 * read with the access row and the key's claim in one statement (podcast-kinds.ts); what the claim
 * found is the reader's `claim`, set by the read.
 */
export function sessionWithClaim({ db }: AppContext, request: FastifyRequest, claim: KeyClaim) {
  const { via, thingId } = podcastThing(request)!;
  const reader = async (sessionId: string, now: Date) => {
    const found = await findSessionAccess(db, sessionId, now, via, thingId, claim);
    if (found.user) request.accessRead = { row: found.access, now };
    reader.claim = found.claim;
    return found.user;
  };
  reader.claim = undefined as ClaimOutcome | undefined;
  return reader;
}

export function registerPodcastGuard(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('podcastAccess', null);
  app.decorateRequest('accessRead', null);
  // Before body validation: a stranger learns nothing, not even which fields a form has.
  const guard: preValidationAsyncHookHandler = async (request) => {
    const rule = request.routeOptions.config.podcast!;
    const via = rule.via ?? 'podcast';
    const kind: PodcastKind = podcastKinds[via];
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
    route.preValidation = [guard, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

/** The guard's result in a handler of a route that declares a podcast rule. */
export function requirePodcast(request: FastifyRequest): PodcastAccess {
  if (!request.podcastAccess) throw notFound(messages.notFound);
  return request.podcastAccess;
}

/** The guard's result of an optional rule (`via: 'context'`): null when the request named none. */
export const optionalPodcast = (request: FastifyRequest): PodcastAccess | null => request.podcastAccess;
