// The guard's decision on the caller's access row: 404 without one, 403 for the role or a Basic
// podcast on a Pro route, else what the handler reads (PodcastAccess).
import type { Selectable } from 'kysely';
import { berlinDate } from '../../shared/calendar.ts';
import { can, type PodcastAction, type Role } from '../../shared/roles.ts';
import type { PodcastsTable } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { AccessRow } from './access-query.ts';
import { versionOf } from './change-counts.ts';
import { kindOf, podcastMessages, type PodcastVia } from './kinds.ts';
import { contractorOf, planOf, type Plan } from './plan.ts';
import type { SessionUser } from './session.ts';

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
  /** PostgreSQL: the podcast's change counts as read with its row (pipeline/answer-cache.ts). */
  changes: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    podcast?: PodcastRule;
  }
  interface FastifyRequest {
    /** The guard's result; the tips hook also reads it (a write asks for the podcast's tips). */
    podcastAccess: PodcastAccess | null;
  }
}

/**
 * A row's podcast and the plan last decided on it, made once per row object: the session's rows
 * are kept across its requests (db/change-memo.ts), and copying the podcast's ~30 columns out of
 * each request's row (a rest spread) costs (Entscheidung ACS-7). Frozen, since every request of
 * that row shares them.
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
export function accessOf(
  row: AccessRow | undefined,
  now: Date,
  user: SessionUser,
  via: PodcastVia,
  rule: PodcastRule,
): PodcastAccess {
  if (!row) throw notFound(kindOf(via).missing);
  if (!can(row.member_role, rule.action)) throw new HttpError(403, podcastMessages.role);
  const found = decidedOf(row);
  const plan = planAt(row, found, now, user.granted === 1);
  if (rule.plan === 'pro' && !plan.active) throw new HttpError(403, podcastMessages.pro);
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
