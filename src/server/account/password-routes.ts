// Changing the password, and 'Passwort vergessen': a mailed, single-use, expiring reset link.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passwordChangeSchema,
  passwordCheckSchema,
  passwordForgotSchema,
  passwordResetSchema,
} from '../../shared/account.ts';
import { messageResponse } from '../../shared/api.ts';
import type { AppContext } from '../context.ts';
import { withTx } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { requireUser, startSession } from '../access/session.ts';
import { limits, throttle } from '../auth/throttle.ts';
import { HttpError } from '../http/errors.ts';
import { checkPassword } from '../auth/check-password.ts';
import { clearAccountLock } from '../auth/account-lock.ts';
import { consumeResetToken, peekResetToken, revokeResetTokens } from './password-reset-tokens.ts';

export const invalidResetLink = () =>
  new HttpError(
    422,
    'Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Fordere bitte einen neuen an.',
    {
      token: ['Der Link zum Zurücksetzen ist ungültig oder abgelaufen.'],
    },
  );

export function passwordRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const message = { 200: messageResponse };

  api.put(
    '/api/account/password',
    { schema: { body: passwordChangeSchema, response: message } },
    async (request, reply) => {
      const user = requireUser(request);
      await checkPassword(ctx, user, request.body.password_current, 'password_current');
      const passwordHash = await hashPassword(request.body.password);
      await withTx(db, async (tx) => {
        await tx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: clock.now().toISOString() })
          .where('id', '=', user.id)
          .execute();
        // Other devices are signed out, and reset links sent before no longer work.
        await tx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
        await revokeResetTokens(tx, user.id);
      });
      request.sessionId = null;
      await startSession(ctx, request, reply, user.id);
      return { message: 'Dein Passwort wurde geändert.' };
    },
  );

  // The request does the same work for every address (two throttle counts and one queued
  // job), so neither its answer nor its timing tells whether the address has an account; the
  // mail worker looks the address up later.
  api.post(
    '/api/account/password::forgot',
    {
      schema: { body: passwordForgotSchema, response: { 202: messageResponse } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { email } = request.body;
      await throttle(ctx, `forgot:${request.ip}`, limits.forgotPerClient);
      await throttle(ctx, `forgot:${email}`, limits.forgot);
      await ctx.mail.enqueue(db, { template: 'password-reset', email });
      return reply.status(202).send({
        message:
          'Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link zum Zurücksetzen geschickt.',
      });
    },
  );

  // The reset page asks before it shows its form, so a used link says so at once. Checking and
  // using a link count against one throttle: both tell whether a token is valid.
  api.post(
    '/api/account/password::check',
    {
      schema: { body: passwordCheckSchema, response: { 200: messageResponse } },
      config: { access: 'public' },
    },
    async (request) => {
      await throttle(ctx, `reset:${request.ip}`, limits.reset);
      if ((await peekResetToken(ctx, db, request.body.token, request.body.email)) === undefined) {
        throw invalidResetLink();
      }
      return { message: 'Der Link ist gültig.' };
    },
  );

  api.post(
    '/api/account/password::reset',
    { schema: { body: passwordResetSchema, response: message }, config: { access: 'public' } },
    async (request) => {
      const { token, email, password } = request.body;
      await throttle(ctx, `reset:${request.ip}`, limits.reset);
      const passwordHash = await hashPassword(password);
      const now = clock.now().toISOString();
      await withTx(db, async (tx) => {
        const userId = await consumeResetToken(ctx, tx, token, email);
        if (userId === undefined) throw invalidResetLink();
        await tx
          .updateTable('users')
          // Following the mailed link proves the address too.
          .set((eb) => ({
            password_hash: passwordHash,
            updated_at: now,
            email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
          }))
          .where('id', '=', userId)
          .execute();
        await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await revokeResetTokens(tx, userId);
      });
      // The mailed link proved the mailbox: a password alone logs in again (account-lock.ts).
      await clearAccountLock(ctx, email);
      return { message: 'Dein Passwort wurde zurückgesetzt. Du kannst dich jetzt anmelden.' };
    },
  );
}
