// GET/POST/PUT/DELETE /api/account: the signed-in user, registration, update and deletion.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDeleteSchema, accountUpdateSchema, registrationSchema } from '../../shared/account.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation, type Database } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endSession, requireUser, startSession } from '../auth/session.ts';
import { invalid } from '../http/errors.ts';
import { serializeUser } from '../users/serialize-user.ts';
import { sendVerification } from './verification.ts';

const emailTaken = () => invalid({ email: ['Diese E-Mail-Adresse ist bereits registriert.'] });

async function isTaken(db: Database, email: string, exceptId?: number) {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function checkPassword(hash: string, password: string, field = 'password') {
  if (!(await verifyPassword(hash, password))) {
    throw invalid({ [field]: ['Das Passwort ist nicht korrekt.'] });
  }
}

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, secure } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/account', async (request) => {
    const user = requireUser(request);
    return { data: await serializeUser(db, user, user) };
  });

  api.post('/api/account', { schema: { body: registrationSchema } }, async (request, reply) => {
    const { email, password, name, code } = request.body;
    if (await isTaken(db, email)) throw emailTaken();
    const passwordHash = await hashPassword(password);
    const now = new Date().toISOString();
    const user = await db.transaction().execute(async (tx) => {
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
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          // Lost a race against a registration with the same address.
          throw isUniqueViolation(error) ? emailTaken() : error;
        });
      if (code)
        await tx
          .updateTable('access_codes')
          .set({ redeemed_by: created.id })
          .where('code', '=', code)
          .execute();
      return created;
    });
    await startSession(db, request, reply, user.id, secure);
    await sendVerification(ctx, user);
    const data = await serializeUser(db, user, user);
    return reply.status(201).send({ data, verified: data.verified });
  });

  api.put('/api/account', { schema: { body: accountUpdateSchema } }, async (request) => {
    const user = requireUser(request);
    const { name, email } = request.body;
    if (await isTaken(db, email, user.id)) throw emailTaken();
    const changed = email !== user.email;
    const updated = await db.transaction().execute(async (tx) => {
      // One name per user: a profile's username follows users.name (it cannot be empty).
      if (name)
        await tx.updateTable('profiles').set({ username: name }).where('user_id', '=', user.id).execute();
      return tx
        .updateTable('users')
        .set({
          name: name || null,
          email,
          updated_at: new Date().toISOString(),
          // A new address has to be confirmed again.
          ...(changed && { email_verified_at: null }),
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    if (changed) await sendVerification(ctx, updated);
    return { data: await serializeUser(db, updated, updated) };
  });

  api.delete('/api/account', { schema: { body: accountDeleteSchema } }, async (request, reply) => {
    const user = requireUser(request);
    await checkPassword(user.password_hash, request.body.password);
    // Podcasts the user owns go with the account (foreign keys cascade).
    await endSession(db, request, reply, secure);
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    if (user.image_id) await db.deleteFrom('images').where('id', '=', user.image_id).execute();
    return reply.status(204).send();
  });
}
