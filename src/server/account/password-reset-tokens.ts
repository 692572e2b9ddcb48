// Single-use reset tokens: only their hash is stored; using one is a single conditional update,
// so the same link sent many times at once changes the password once.
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';

export const RESET_MINUTES = 60;

/** A new token for the user; earlier ones stop working. */
export async function createResetToken({ clock }: Pick<AppContext, 'clock'>, db: Db, userId: number) {
  const token = randomToken();
  await revokeResetTokens(db, userId);
  await db
    .insertInto('password_resets')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      expires_at: new Date(clock.now().getTime() + RESET_MINUTES * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

export const revokeResetTokens = (db: Db, userId: number) =>
  db.deleteFrom('password_resets').where('user_id', '=', userId).execute();

const usable = (db: Db, now: Date, token: string, email: string) =>
  db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select('password_resets.user_id')
    .where('password_resets.token_hash', '=', sha256(token))
    .where('users.email', '=', email)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now.toISOString());

/** The user a valid, unused token belongs to, without using it. */
export async function peekResetToken(
  { clock }: Pick<AppContext, 'clock'>,
  db: Db,
  token: string,
  email: string,
) {
  return (await usable(db, clock.now(), token, email).executeTakeFirst())?.user_id;
}

/** Uses the token: the user id if this call was the one that used it, else undefined. */
export async function consumeResetToken(
  { clock }: Pick<AppContext, 'clock'>,
  db: Db,
  token: string,
  email: string,
) {
  const now = clock.now();
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
