// Wrong passwords of one account, counted per source network and for the account as a whole.
// Entscheidung AUTH-1: only the network that failed is refused; the owner's first try from a
// network of their own is always answered. What holds guessing back:
// - per network (/24 for IPv4, /48 for IPv6: what one site gets), from its sixth failure on (the
//   first five meet the per-address limit first) a growing wait before its next try, and after ten
//   a refusal for the rest of the hour;
// - per account, from fifty failures on, every network that has failed waits before its next try,
//   a minute at first and doubling with every ten more failures, up to a quarter of an hour. So
//   an attacker spread over many networks gets about one guess per network and wait, and never a
//   lock: a network that has not failed yet (the owner's) is not held back.
// A count forgets an hour after its last failure. Counts live in `throttles` (no table of its own):
// `login-net:<email>|<network>` and `login-account:<email>`, with `reset_at` one window after the
// last failure, so the last failure's time is `reset_at - window`. Like every throttle count, each
// write commits on its own, outside a request's transaction (Entscheidung AUTH-2).
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { outsideRequest } from '../db/transaction-scope.ts';

export const loginFailureRules = {
  windowSeconds: 3600,
  networkWaitFrom: 6,
  networkLock: 10,
  accountWaitFrom: 50,
  accountWaitSeconds: 60,
  accountWaitDoublesEvery: 10,
  longestWaitSeconds: 15 * 60,
};
const rules = loginFailureRules;
const window = rules.windowSeconds * 1000;

/** The network an address belongs to: its /24 (IPv4, also IPv4-mapped IPv6) or its /48 (IPv6). */
export function sourceNetwork(address: string): string {
  const plain = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)?.[1];
  const v4 = mapped ?? plain;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = plain.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/48`;
}

const networkKey = (email: string, network: string) => `login-net:${email}|${network}`;
const accountKey = (email: string) => `login-account:${email}`;

/** What stands against a password-only try: a lock or a wait, until `until` (ms), or nothing. */
export type Hold = { kind: 'lock' | 'wait'; until: number } | undefined;

/** How long a network waits after its last failure (ms), from its own and the account's counts. */
export function waitAfterFailure(networkFailures: number, accountFailures: number) {
  const own = networkFailures >= rules.networkWaitFrom ? 2 ** (networkFailures - rules.networkWaitFrom) : 0;
  const steps = Math.floor((accountFailures - rules.accountWaitFrom) / rules.accountWaitDoublesEvery);
  const account = accountFailures >= rules.accountWaitFrom ? rules.accountWaitSeconds * 2 ** steps : 0;
  return Math.min(rules.longestWaitSeconds, Math.max(own, account)) * 1000;
}

/** Whether this network may try a password for `email` now. */
export async function loginHold(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  email: string,
  network: string,
): Promise<Hold> {
  const now = ctx.clock.now().getTime();
  const rows = await ctx.db
    .selectFrom('throttles')
    .select(['key', 'hits', 'reset_at'])
    .where('key', 'in', [networkKey(email, network), accountKey(email)])
    .where(sql<boolean>`reset_at > ${now}`)
    .execute();
  const own = rows.find((r) => r.key === networkKey(email, network));
  if (!own) return undefined;
  const account = rows.find((r) => r.key === accountKey(email))?.hits ?? 0;
  const last = Number(own.reset_at) - window;
  if (own.hits >= rules.networkLock) return { kind: 'lock', until: Number(own.reset_at) };
  const until = last + waitAfterFailure(own.hits, account);
  return until > now ? { kind: 'wait', until } : undefined;
}

/** Counts a wrong password for the network and for the account, in one statement. */
export async function countLoginFailure(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  email: string,
  network: string,
) {
  const now = ctx.clock.now().getTime();
  const resetAt = now + window;
  const expired = sql<boolean>`throttles.reset_at <= ${now}`;
  await outsideRequest(() =>
    ctx.db
      .insertInto('throttles')
      .values(
        [networkKey(email, network), accountKey(email)].map((key) => ({ key, hits: 1, reset_at: resetAt })),
      )
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE throttles.hits + 1 END`,
          reset_at: resetAt,
        }),
      )
      .execute(),
  );
}

/** A right password from this network: its count goes (the account's stays, against spreading). */
export const clearNetworkFailures = (ctx: Pick<AppContext, 'db'>, email: string, network: string) =>
  outsideRequest(() =>
    ctx.db.deleteFrom('throttles').where('key', '=', networkKey(email, network)).execute(),
  );

/** A reset through the mailed link proves the mailbox: every count of the account goes. */
export async function clearLoginFailures(ctx: Pick<AppContext, 'db'>, email: string) {
  const prefix = networkKey(email, '');
  await outsideRequest(() =>
    ctx.db
      .deleteFrom('throttles')
      .where((eb) =>
        eb.or([
          eb('key', '=', accountKey(email)),
          eb(sql<string>`substr(${sql.ref('key')}, 1, ${prefix.length})`, '=', prefix),
        ]),
      )
      .execute(),
  );
}
