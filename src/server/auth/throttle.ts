// Fixed-window counters in the database, shared by every process. One atomic upsert counts the
// hit and returns the new count, so concurrent requests cannot all read "not yet throttled".
// Keys name what an attacker cannot choose: the socket address (forwarded headers count only
// from configured proxies, see TRUST_PROXY), a user id from the session, or an e-mail address
// together with the address it is tried from.
//
// Entscheidung AUTH-2: every count commits on its own, outside the request's transaction
// (db/transaction-scope.ts `outsideRequest`): a count is an attempt, not part of the request's work.
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { outsideRequest } from '../db/transaction-scope.ts';
import { HttpError } from '../http/errors.ts';

export type Limit = { max: number; windowSeconds: number };

/** Counts one hit on `key`; throws 429 with Retry-After once more than `max` fall in the window. */
export async function throttle({ db, clock }: Pick<AppContext, 'db' | 'clock'>, key: string, limit: Limit) {
  const now = clock.now().getTime();
  const resetAt = now + limit.windowSeconds * 1000;
  const expired = sql<boolean>`throttles.reset_at <= ${now}`;
  const row = await outsideRequest(() =>
    db
      .insertInto('throttles')
      .values({ key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE throttles.hits + 1 END`,
          reset_at: sql`CASE WHEN ${expired} THEN ${resetAt} ELSE throttles.reset_at END`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow(),
  );
  if (row.hits > limit.max) {
    const seconds = Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000));
    throw new HttpError(
      429,
      `Zu viele Versuche. Bitte versuche es in ${seconds} Sekunden noch einmal.`,
      undefined,
      {
        'Retry-After': String(seconds),
      },
    );
  }
}

export const clearThrottle = (db: Db, key: string) =>
  outsideRequest(() => db.deleteFrom('throttles').where('key', '=', key).execute());

/**
 * Takes back the hit a request counted once it turned out harmless (a real invitation link), so
 * only failures use up the limit; unlike clearThrottle, one success does not wipe the failures.
 */
export const refundThrottle = (db: Db, key: string) =>
  outsideRequest(() =>
    db
      .updateTable('throttles')
      .set({ hits: sql`CASE WHEN throttles.hits > 0 THEN throttles.hits - 1 ELSE 0 END` })
      .where('key', '=', key)
      .execute(),
  );

/** Every limit in one place, so they can be read side by side. */
export const limits = {
  /** Wrong passwords for one address from one client. */
  login: { max: 5, windowSeconds: 60 },
  // Wrong passwords for one account, per network and overall: login-failures.ts (loginFailureRules).
  /** All login attempts from one client, whatever address they name. */
  loginPerClient: { max: 30, windowSeconds: 60 },
  /** Password checks inside a session (account deletion, password and e-mail change). */
  passwordCheck: { max: 5, windowSeconds: 60 },
  registration: { max: 10, windowSeconds: 3600 },
  resend: { max: 3, windowSeconds: 60 },
  forgot: { max: 3, windowSeconds: 300 },
  forgotPerClient: { max: 10, windowSeconds: 300 },
  reset: { max: 10, windowSeconds: 300 },
  /** Mails sent because of an e-mail change (to the new and the old address). */
  emailChange: { max: 3, windowSeconds: 3600 },
  /** Invitation mails of one podcast (new ones, refreshed ones and resends). */
  invitationMail: { max: 20, windowSeconds: 3600 },
  /** Unknown invitation links tried from one client (against guessing tokens; real ones are refunded). */
  invitationToken: { max: 20, windowSeconds: 300 },
  /** Feed imports and refreshes of one user: each makes the server fetch a URL. */
  feedFetch: { max: 30, windowSeconds: 3600 },
  /** Feedback messages of one client (guests) or user. */
  feedback: { max: 10, windowSeconds: 3600 },
  /** Newsletter sign-ups from one client, and confirmation mails to one address. */
  newsletterPerClient: { max: 10, windowSeconds: 3600 },
  newsletterPerAddress: { max: 3, windowSeconds: 3600 },
} satisfies Record<string, Limit>;
