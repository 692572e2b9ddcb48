// The plan of a podcast (§4, DESIGN.md): a Pro trial from the podcast's creation (30 days, or
// what an admin set in /nova), then Basic. Pro comes from lifetime access (`users.granted`: the
// owner's for the whole team, a granted viewer sees every podcast active), from a redeemed
// contract whose subscription still counts (src/server/billing/subscriptions.ts), or from an
// admin's grant until a day (`podcasts.pro_until`, with a reason in the audit log). A current
// pro_any subscription ('Beliebig viele Podcasts', §9) of the owner covers every podcast they own
// without a contract (Entscheidung ACS-6).
//
// Every place that needs a plan selects `planColumns` next to the podcast's own columns and calls
// `planOf`, so the guard, the tips and the admin panel cannot disagree about it.
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { offerings } from '../../shared/offerings.ts';
import { TRIAL_DAYS, type Trial } from '../../shared/podcasts.ts';
import { berlinDate, daysBetween } from '../../shared/calendar.ts';
import type { Db } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export type Plan = {
  trial: Trial;
  active: boolean;
  only_trial: boolean;
  /** Pro through lifetime access (the owner's or the viewer's). */
  lifetime: boolean;
  /** Pro through a redeemed contract, or the owner's pro_any subscription. */
  contract: boolean;
  /** The last day of an admin's grant while it lasts, else null. */
  granted_until: string | null;
};

/**
 * Days count in Berlin calendar days: the day of creation is day 0 (`days_left` 30); on day 30
 * the trial is over (`days_left` 0), so it covers exactly 30 calendar days. A grant counts
 * through its last day (`pro_until`, inclusive).
 */
export function podcastPlan(input: {
  createdAt: string;
  now: Date;
  ownerGranted: boolean;
  viewerGranted: boolean;
  /** A contract with a current subscription unlocks the podcast. */
  contract?: boolean;
  /** The owner's current pro_any subscription unlocks all their podcasts. */
  ownerProAny?: boolean;
  /** The trial's length when an admin changed it. */
  trialDays?: number | null;
  /** An admin's grant of Pro through this Berlin day. */
  proUntil?: string | null;
}): Plan {
  const today = berlinDate(input.now);
  const trialDays = input.trialDays ?? TRIAL_DAYS;
  const passed = Math.max(0, daysBetween(berlinDate(new Date(input.createdAt)), today));
  const trial = {
    trial_days: trialDays,
    days_passed: Math.min(passed, trialDays),
    days_left: Math.max(0, trialDays - passed),
  };
  const lifetime = input.ownerGranted || input.viewerGranted;
  const contract = (input.contract ?? false) || (input.ownerProAny ?? false);
  const grantedUntil = input.proUntil && input.proUntil >= today ? input.proUntil : null;
  const inTrial = trial.days_left > 0;
  return {
    trial,
    active: lifetime || contract || grantedUntil !== null || inTrial,
    only_trial: inTrial && !lifetime && !contract && grantedUntil === null,
    lifetime,
    contract,
    granted_until: grantedUntil,
  };
}

/**
 * Whose subscription still counts for a contract: the SQL twin of billing/subscriptions.ts
 * `isCurrent`, over `steady_accounts`.
 */
const currentSubscription = (now: Date, account: 'steady_accounts' | 'owner_account' = 'steady_accounts') => {
  const state = sql.ref(`${account}.state`);
  const expires = sql.ref(`${account}.expires_at`);
  return sql<SqlBool>`(${state} in ('in_trial', 'active') or (${state} = 'not_renewing' and (${expires} is null or ${expires} > ${now.toISOString()})))`;
};

/**
 * The plan's inputs that live outside the podcast's row, as columns of a query over `podcasts`:
 * `owner_granted` (the owner's lifetime access), `contractor_id` (the user whose redeemed
 * subscription still counts) and `owner_pro_any` (the owner's current pro_any subscription). For
 * lists off the hot path; one podcast by id takes `planQuery`.
 */
export const planColumns = (now: Date) => (eb: ExpressionBuilder<DB, 'podcasts'>) => [
  eb
    .selectFrom('memberships as plan_owner')
    .innerJoin('users as plan_owner_user', 'plan_owner_user.id', 'plan_owner.user_id')
    .select('plan_owner_user.granted')
    .whereRef('plan_owner.podcast_id', '=', 'podcasts.id')
    .where('plan_owner.role', '=', 'owner')
    .as('owner_granted'),
  eb
    .selectFrom('contracts')
    .innerJoin('steady_accounts', 'steady_accounts.user_id', 'contracts.user_id')
    .select('contracts.user_id')
    .whereRef('contracts.podcast_id', '=', 'podcasts.id')
    .where(currentSubscription(now))
    .as('contractor_id'),
  eb
    .selectFrom('memberships as pro_any_owner')
    .innerJoin('steady_accounts', 'steady_accounts.user_id', 'pro_any_owner.user_id')
    .select('pro_any_owner.user_id')
    .whereRef('pro_any_owner.podcast_id', '=', 'podcasts.id')
    .where('pro_any_owner.role', '=', 'owner')
    .where('steady_accounts.plan_name', '=', offerings.pro_any.name)
    .where(currentSubscription(now))
    .as('owner_pro_any'),
];

/**
 * The same inputs as plain joins, for the guard's one query per request (no correlated
 * subqueries). Each join meets at most one row: one owner per podcast (`memberships_one_owner`),
 * one contract per podcast (its primary key), one account per user; all of them by index.
 */
export const planQuery = (db: Db, now: Date) =>
  db
    .selectFrom('podcasts')
    .leftJoin('memberships as plan_owner', (j) =>
      // A literal, so SQLite may use the partial index `memberships_one_owner`.
      j.onRef('plan_owner.podcast_id', '=', 'podcasts.id').on('plan_owner.role', '=', sql.lit('owner')),
    )
    .leftJoin('users as plan_owner_user', 'plan_owner_user.id', 'plan_owner.user_id')
    .leftJoin('contracts', 'contracts.podcast_id', 'podcasts.id')
    .leftJoin('steady_accounts', (j) =>
      j.onRef('steady_accounts.user_id', '=', 'contracts.user_id').on(currentSubscription(now)),
    )
    // The owner's own pro_any subscription ('Beliebig viele Podcasts'): Pro for every podcast they own.
    .leftJoin('steady_accounts as owner_account', (j) =>
      j
        .onRef('owner_account.user_id', '=', 'plan_owner.user_id')
        .on('owner_account.plan_name', '=', offerings.pro_any.name)
        .on(currentSubscription(now, 'owner_account')),
    )
    .selectAll('podcasts')
    .select([
      'plan_owner_user.granted as owner_granted',
      'steady_accounts.user_id as contractor_id',
      'owner_account.user_id as owner_pro_any',
      // When a cancelled subscription stops counting: the row read at `now` holds until then.
      'steady_accounts.expires_at as contract_expires_at',
      'owner_account.expires_at as owner_pro_any_expires_at',
    ]);

export type PlanQuery = ReturnType<typeof planQuery>;

/** A podcast row with its plan columns (`planColumns`). */
export type PlanRow = {
  created_at: string;
  trial_days: number | null;
  pro_until: string | null;
  owner_granted: unknown;
  contractor_id: unknown;
  /** Optional: a query without it (older callers) counts no pro_any subscription. */
  owner_pro_any?: unknown;
};

/** The contractor's id from a plan row, or null. */
export const contractorOf = (row: Pick<PlanRow, 'contractor_id'>) =>
  row.contractor_id === null || row.contractor_id === undefined ? null : Number(row.contractor_id);

/** The plan of a podcast row selected with `planColumns`, as `viewerGranted` sees it. */
export const planOf = (row: PlanRow, now: Date, viewerGranted = false): Plan =>
  podcastPlan({
    createdAt: row.created_at,
    now,
    ownerGranted: Number(row.owner_granted) === 1,
    viewerGranted,
    contract: contractorOf(row) !== null,
    ownerProAny: row.owner_pro_any !== null && row.owner_pro_any !== undefined,
    trialDays: row.trial_days === null ? null : Number(row.trial_days),
    proUntil: row.pro_until,
  });
