// A user's subscription at the provider: connecting (code → tokens, stored server-side only),
// reading it again (refreshing the token when it expired), and what counts as Pro. A subscription
// that is gone or over releases its contract, so the podcast falls back to Basic (its data stays).
import type { Selectable } from 'kysely';
import type { Subscription, SubscriptionState } from '../../shared/billing.ts';
import { offerings, type Tier } from '../../shared/offerings.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { SteadyAccountsTable } from '../db/schema.ts';
import { SteadyError, type SteadyClient, type SteadySubscription, type Tokens } from './steady-client.ts';

export type SteadyAccount = Selectable<SteadyAccountsTable>;

/** The redirect URI registered with the provider: the app's `authorized` route. */
export const redirectUri = (ctx: Pick<AppContext, 'config'>) => `${ctx.config.appUrl}/app/authorized`;

/**
 * Pro now: in the provider's trial or active; not_renewing (cancelled) until `expires_at`.
 * The same rule as `currentContract` below, which the guard runs in SQL.
 */
export function isCurrent(state: string, expiresAt: string | null, now: Date): boolean {
  if (state === 'in_trial' || state === 'active') return true;
  return state === 'not_renewing' && (expiresAt === null || expiresAt > now.toISOString());
}

/** Which of our tiers a subscription is: the provider's plan named like pro_any, else pro_one. */
export const tierOf = (account: Pick<SteadyAccount, 'plan_name'>): Tier =>
  account.plan_name === offerings.pro_any.name ? 'pro_any' : 'pro_one';

const expiry = (now: Date, tokens: Tokens) =>
  new Date(now.getTime() + tokens.expires_in * 1000).toISOString();

function subscriptionColumns(sub: SteadySubscription) {
  return {
    subscription_id: sub?.id ?? null,
    state: sub?.state ?? 'none',
    period: sub?.period ?? null,
    plan_name: sub?.planName ?? null,
    cancelled_at: sub?.cancelledAt ?? null,
    expires_at: sub?.expiresAt ?? null,
  };
}

/** Releases the user's contract when the subscription no longer counts (its podcast keeps its data). */
async function releaseIfOver(db: Db, account: SteadyAccount, now: Date) {
  if (!isCurrent(account.state, account.expires_at, now)) {
    await db.deleteFrom('contracts').where('user_id', '=', account.user_id).execute();
  }
}

/** After the consent: exchanges the code, reads who it is and the subscription, stores all of it. */
export async function connectAccount(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  steady: SteadyClient,
  userId: number,
  code: string,
) {
  const tokens = await steady.exchangeCode(code, redirectUri(ctx));
  const [me, sub] = await Promise.all([
    steady.usersMe(tokens.access_token),
    steady.subscriptionsMe(tokens.access_token),
  ]);
  const now = ctx.clock.now();
  const email = me.email ?? tokens.info?.email ?? null;
  const row = {
    steady_user_id: me.id,
    email,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? null,
    token_expires_at: expiry(now, tokens),
    ...subscriptionColumns(sub),
    checked_at: now.toISOString(),
  };
  await ctx.db
    .insertInto('steady_accounts')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  await ctx.db.updateTable('users').set({ steady_user_email: email }).where('id', '=', userId).execute();
  const account = await loadAccount(ctx.db, userId);
  await releaseIfOver(ctx.db, account!, now);
  return account!;
}

export const loadAccount = (db: Db, userId: number) =>
  db.selectFrom('steady_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();

/**
 * Reads the subscription again. An expired access token is refreshed first (and once more when
 * the provider refuses it); a refused refresh ends the connection (state none). When the provider
 * cannot be reached, the stored state stays, but a cancelled subscription past `expires_at`
 * still stops counting.
 */
export async function recheckAccount(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  steady: SteadyClient,
  account: SteadyAccount,
): Promise<SteadyAccount> {
  const now = ctx.clock.now();
  const update = async (values: Partial<Omit<SteadyAccount, 'user_id'>>) => {
    await ctx.db.updateTable('steady_accounts').set(values).where('user_id', '=', account.user_id).execute();
    account = { ...account, ...values };
  };
  const refresh = async () => {
    if (!account.refresh_token) throw new SteadyError(401, 'Kein Refresh-Token.');
    const tokens = await steady.refresh(account.refresh_token, redirectUri(ctx));
    await update({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? account.refresh_token,
      token_expires_at: expiry(now, tokens),
    });
  };
  try {
    if (!account.access_token) throw new SteadyError(401, 'Nicht verbunden.');
    if (account.token_expires_at === null || account.token_expires_at <= now.toISOString()) await refresh();
    let sub: SteadySubscription;
    try {
      sub = await steady.subscriptionsMe(account.access_token!);
    } catch (error) {
      if (!(error instanceof SteadyError && error.status === 401)) throw error;
      await refresh();
      sub = await steady.subscriptionsMe(account.access_token!);
    }
    await update({ ...subscriptionColumns(sub), checked_at: now.toISOString() });
  } catch (error) {
    if (!(error instanceof SteadyError)) throw error;
    // Refused for good (a revoked or unknown token): disconnected, no subscription.
    if (error.status === 400 || error.status === 401 || error.status === 403) {
      await update({
        access_token: null,
        refresh_token: null,
        token_expires_at: null,
        ...subscriptionColumns(null),
        checked_at: now.toISOString(),
      });
    }
    // Unreachable or 5xx: keep what we know; the next run tries again.
  }
  await releaseIfOver(ctx.db, account, now);
  return account;
}

/** The periodic job: every connected account is read again; contracts of ended ones are released. */
export async function recheckAll(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, steady: SteadyClient) {
  const accounts = await ctx.db
    .selectFrom('steady_accounts')
    .selectAll()
    .where((eb) => eb.or([eb('access_token', 'is not', null), eb('state', '!=', 'none')]))
    .execute();
  for (const account of accounts) await recheckAccount(ctx, steady, account);
}

/** The viewer's subscription as the API shows it (never a token). */
export async function describeSubscription(
  db: Db,
  account: SteadyAccount,
  viewerId: number,
  now: Date,
): Promise<Subscription> {
  const contract = await db
    .selectFrom('contracts')
    .innerJoin('podcasts', 'podcasts.id', 'contracts.podcast_id')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.podcast_id', '=', 'podcasts.id')
        .on('memberships.user_id', '=', viewerId)
        .on('memberships.active', '=', 1),
    )
    .select(['podcasts.id', 'podcasts.title', 'memberships.id as membership_id'])
    .where('contracts.user_id', '=', account.user_id)
    .executeTakeFirst();
  return {
    state: account.state as SubscriptionState,
    current: isCurrent(account.state, account.expires_at, now),
    period: account.period,
    plan_name: account.plan_name,
    expires_at: account.expires_at,
    cancelled_at: account.cancelled_at,
    email: account.email,
    podcast: contract
      ? { id: contract.id, title: contract.membership_id === null ? null : contract.title }
      : null,
  };
}
