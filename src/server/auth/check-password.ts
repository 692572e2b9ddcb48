import type { AppContext } from '../context.ts';
import { verifyPassword } from './passwords.ts';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.ts';
import { limits, throttle } from './throttle.ts';
import { invalid } from '../http/errors.ts';

/**
 * Checks the current password inside a session (deletion, password and e-mail change),
 * throttled per user like login, so a stolen session cannot guess it.
 */
export async function checkPassword(
  ctx: AppContext,
  user: Pick<Selectable<UsersTable>, 'id' | 'password_hash'>,
  password: string | undefined,
  field = 'password',
) {
  if (!password) throw invalid({ [field]: ['Bitte gib dein aktuelles Passwort ein.'] });
  await throttle(ctx, `password-check:${user.id}`, limits.passwordCheck);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw invalid({ [field]: ['Das Passwort ist nicht korrekt.'] });
  }
}
