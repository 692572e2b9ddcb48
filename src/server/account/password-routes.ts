// Changing the password, and 'Passwort vergessen': a mailed, single-use, expiring reset link.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passwordChangeSchema,
  passwordCheckSchema,
  passwordForgotSchema,
  passwordResetSchema,
} from '../../shared/account.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { requireUser, startSession } from '../auth/session.ts';
import { throttle } from '../auth/throttle.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { HttpError } from '../http/errors.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { checkPassword } from './account-routes.ts';

const RESET_MINUTES = 60;

const invalidLink = () =>
  new HttpError(
    422,
    'Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Fordere bitte einen neuen an.',
    {
      token: ['Der Link zum Zurücksetzen ist ungültig oder abgelaufen.'],
    },
  );

/** The unused, unexpired reset of `token` for `email`, else the invalid-link error. */
async function usableReset(db: Database, token: string, email: string) {
  const reset = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.user_id', 'password_resets.expires_at', 'password_resets.used_at'])
    .where('password_resets.token_hash', '=', sha256(token))
    .where('users.email', '=', email)
    .executeTakeFirst();
  if (!reset || reset.used_at || reset.expires_at < new Date().toISOString()) throw invalidLink();
  return reset;
}

// Checking a link and using it count against one throttle: both tell whether a token is valid.
const resetThrottleKey = (ip: string) => `reset:${ip}`;

export function passwordRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, secure } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put('/api/account/password', { schema: { body: passwordChangeSchema } }, async (request, reply) => {
    const user = requireUser(request);
    await checkPassword(user.password_hash, request.body.password_current, 'password_current');
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(request.body.password), updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    // Other devices are signed out; this one gets a fresh session.
    await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    request.sessionId = null;
    await startSession(db, request, reply, user.id, secure);
    return { message: 'Dein Passwort wurde geändert.' };
  });

  api.post(
    '/api/account/password::forgot',
    { schema: { body: passwordForgotSchema } },
    async (request, reply) => {
      const { email } = request.body;
      await throttle(db, `forgot:${email}|${request.ip}`, 3, 300);
      const user = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (user) {
        const token = randomToken();
        await db.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
        await db
          .insertInto('password_resets')
          .values({
            token_hash: sha256(token),
            user_id: user.id,
            expires_at: new Date(Date.now() + RESET_MINUTES * 60_000).toISOString(),
            used_at: null,
          })
          .execute();
        const link = `${ctx.config.appUrl}/password/reset?${new URLSearchParams({ token, email })}`;
        await ctx.mailer.send(passwordResetMail(email, link));
      }
      // The same answer whether or not the address has an account.
      return reply.status(202).send({
        message:
          'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link zum Zurücksetzen geschickt.',
      });
    },
  );

  // The reset page asks before it shows its form, so a used link says so at once.
  api.post('/api/account/password::check', { schema: { body: passwordCheckSchema } }, async (request) => {
    await throttle(db, resetThrottleKey(request.ip), 10, 300);
    await usableReset(db, request.body.token, request.body.email);
    return { message: 'Der Link ist gültig.' };
  });

  api.post('/api/account/password::reset', { schema: { body: passwordResetSchema } }, async (request) => {
    const { token, email, password } = request.body;
    await throttle(db, resetThrottleKey(request.ip), 10, 300);
    const reset = await usableReset(db, token, email);
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', sha256(token))
        .execute();
      await tx
        .updateTable('users')
        // Following the mailed link proves the address too.
        .set((eb) => ({
          password_hash: passwordHash,
          updated_at: now,
          email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
        }))
        .where('id', '=', reset.user_id)
        .execute();
      await tx.deleteFrom('sessions').where('user_id', '=', reset.user_id).execute();
    });
    return { message: 'Dein Passwort wurde zurückgesetzt. Du kannst dich jetzt anmelden.' };
  });
}
