// GET/POST/PUT/DELETE /api/account: the signed-in user, registration, update and deletion.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountDeleteSchema,
  accountUpdateSchema,
  registrationResponse,
  registrationSchema,
  userResponse,
} from '../../shared/account.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation, withTx, type Db } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endSession, requireUser, startSession } from '../access/session.ts';
import { limits, throttle } from '../auth/throttle.ts';
import { invalid } from '../http/errors.ts';
import { acceptInvitation, invitationByToken, refusal, refused } from '../team/invitations.ts';
import { deleteCovers } from '../podcasts/create-podcast.ts';
import { serializeUser } from '../users/serialize-user.ts';
import { checkPassword } from '../auth/check-password.ts';

const emailTaken = () => invalid({ email: ['Diese E-Mail-Adresse ist bereits registriert.'] });

async function isTaken(db: Db, email: string, exceptId?: number) {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The invitation a registration names, when it can still be accepted; 422 on `invitation`
 * otherwise, before anything is created.
 */
async function usableInvitation(db: Db, now: Date, token: string | undefined) {
  if (token === undefined) return undefined;
  const invitation = await invitationByToken(db, token);
  const problem = refusal(invitation, now);
  if (problem) throw refused(problem);
  return invitation;
}

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account',
    {
      schema: { response: { 200: userResponse } },
      config: { access: 'user', answerCache: 'user', userFacts: true },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await serializeUser(db, user, user, request.userFacts) };
    },
  );

  // Registration tells a taken address at once (422). Answering like a new account would need
  // a fake session; instead the answer is throttled per client, which makes probing slow.
  // With an invitation token, the invitation is accepted in the same transaction; when it was
  // sent to the registered address, the account is confirmed at once (`verified: true`).
  api.post(
    '/api/account',
    {
      schema: { body: registrationSchema, response: { 201: registrationResponse } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { email, password, name, code, podcast_title } = request.body;
      await throttle(ctx, `registration:${request.ip}`, limits.registration);
      if (await isTaken(db, email)) throw emailTaken();
      const invitation = await usableInvitation(db, clock.now(), request.body.invitation);
      const passwordHash = await hashPassword(password);
      const now = clock.now().toISOString();
      const user = await withTx(db, async (tx) => {
        if (code) {
          const redeemed = await tx
            .updateTable('access_codes')
            .set({ redeemed_at: now })
            .where('code', '=', code)
            .where('redeemed_at', 'is', null)
            .executeTakeFirst();
          if (Number(redeemed.numUpdatedRows) !== 1) {
            throw invalid({ code: ['Dieser Zugangscode ist ungültig oder wurde bereits eingelöst.'] });
          }
        }
        const created = await tx
          .insertInto('users')
          .values({
            name: name || null,
            email,
            password_hash: passwordHash,
            role: 'user',
            email_verified_at: null,
            granted: code ? 1 : 0,
            image_id: null,
            steady_user_email: null,
            pending_email: null,
            podcast_title: podcast_title ?? null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch((error: unknown) => {
            // Lost a race against a registration with the same address.
            throw isUniqueViolation(error) ? emailTaken() : error;
          });
        if (code) {
          await tx
            .updateTable('access_codes')
            .set({ redeemed_by: created.id })
            .where('code', '=', code)
            .execute();
        }
        // Through an invitation sent to this address, the link has proven it: no mail to click.
        const verified = invitation && (await acceptInvitation(tx, clock.now(), invitation, created));
        if (verified) return { ...created, email_verified_at: now };
        await ctx.mail.enqueue(tx, { template: 'verification', userId: created.id });
        return created;
      });
      await startSession(ctx, request, reply, user.id);
      const data = await serializeUser(db, user, user);
      return reply.status(201).send({ data, verified: data.verified });
    },
  );

  // A new address needs the current password, is confirmed by a link to it, and the old
  // address hears of it; until confirmed, the old address stays the login. An account that
  // never confirmed its address may correct it directly (a typo at registration).
  api.put(
    '/api/account',
    { schema: { body: accountUpdateSchema, response: { 200: userResponse } }, config: { access: 'user' } },
    async (request) => {
      const user = requireUser(request);
      const { name, email, password_current } = request.body;
      const changesEmail = email !== user.email && email !== user.pending_email;
      if (changesEmail) {
        await checkPassword(ctx, user, password_current, 'password_current');
        if (await isTaken(db, email, user.id)) throw emailTaken();
        await throttle(ctx, `email-change:${user.id}`, limits.emailChange);
      }
      const confirmed = user.email_verified_at !== null;
      const updated = await withTx(db, async (tx) => {
        // One name per user: a profile's username follows users.name (it cannot be empty).
        if (name)
          await tx.updateTable('profiles').set({ username: name }).where('user_id', '=', user.id).execute();
        const row = await tx
          .updateTable('users')
          .set({
            name: name || null,
            updated_at: clock.now().toISOString(),
            // Back to the current address: nothing is pending any more.
            ...(email === user.email && { pending_email: null }),
            ...(changesEmail && (confirmed ? { pending_email: email } : { email, pending_email: null })),
          })
          .where('id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? emailTaken() : error;
          });
        if (changesEmail) {
          await ctx.mail.enqueue(tx, { template: 'verification', userId: user.id });
          if (confirmed)
            await ctx.mail.enqueue(tx, { template: 'email-changed', to: user.email, newEmail: email });
        }
        return row;
      });
      return { data: await serializeUser(db, updated, updated) };
    },
  );

  api.delete(
    '/api/account',
    { schema: { body: accountDeleteSchema }, config: { access: 'user' } },
    async (request, reply) => {
      const user = requireUser(request);
      await checkPassword(ctx, user, request.body.password);
      // Podcasts the user owns go with the account (with all their data), and the picture too.
      await withTx(db, async (tx) => {
        // The picture as stored now, not as the session saw it (an upload may have replaced it).
        const { image_id } = await tx
          .selectFrom('users')
          .select('image_id')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        // Owned podcasts: where the user's membership has role owner (src/shared/roles.ts).
        const deleted = await tx
          .deleteFrom('podcasts')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('memberships')
              .select('podcast_id')
              .where('user_id', '=', user.id)
              .where('role', '=', 'owner'),
          )
          .returning('image_id')
          .execute();
        await deleteCovers(tx, deleted);
        await tx.deleteFrom('users').where('id', '=', user.id).execute();
        if (image_id) await tx.deleteFrom('images').where('id', '=', image_id).execute();
      });
      await endSession(ctx, request, reply);
      return reply.status(204).send();
    },
  );
}
