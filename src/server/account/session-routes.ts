import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, sessionResponse, userResponse } from '../../shared/account.ts';
import type { AppContext } from '../context.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { endSession, startSession } from '../access/session.ts';
import {
  checkAccountLock,
  clearNetworkLock,
  countAccountFailure,
  rememberDevice,
} from '../auth/account-lock.ts';
import { clearThrottle, limits, throttle } from '../auth/throttle.ts';
import { invalid } from '../http/errors.ts';
import { serializeUser } from '../users/serialize-user.ts';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The client's session probe: 200 for guests too (`data: null`), so a logged-out page load logs
  // no 401. GET /api/account keeps answering 401 without a session.
  api.get(
    '/api/account/session',
    {
      schema: { response: { 200: sessionResponse } },
      config: { access: 'public', answerCache: 'user', userFacts: true },
    },
    async (request) => ({
      data: request.user ? await serializeUser(db, request.user, request.user, request.userFacts) : null,
    }),
  );

  api.post(
    '/api/account/session',
    { schema: { body: loginSchema, response: { 200: userResponse } }, config: { access: 'public' } },
    async (request, reply) => {
      const { email, password } = request.body;
      // Per address and client (a victim elsewhere is not locked out), and per client overall
      // (rotating addresses does not help either).
      const throttleKey = `login:${email}|${request.ip}`;
      await throttle(ctx, `login:${request.ip}`, limits.loginPerClient);
      await throttle(ctx, throttleKey, limits.login);
      const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      // Per account too, by the network a try comes from and overall (auth/login-failures.ts);
      // a known device, another network or a reset still gets the owner in.
      await checkAccountLock(ctx, request, email, user?.id);
      // One answer for an unknown address and a wrong password, so nobody can probe for accounts.
      if (!(await verifyPassword(user?.password_hash, password)) || !user) {
        await countAccountFailure(ctx, request, email);
        throw invalid({
          email: ['Diese Kombination aus E-Mail-Adresse und Passwort ist uns nicht bekannt.'],
        });
      }
      await clearThrottle(db, throttleKey);
      await clearNetworkLock(ctx, request, email, user.id);
      await startSession(ctx, request, reply, user.id);
      rememberDevice(ctx, reply, user.id);
      return { data: await serializeUser(db, user, user) };
    },
  );

  api.delete('/api/account/session', { config: { access: 'public' } }, async (request, reply) => {
    await endSession(ctx, request, reply);
    return reply.status(204).send();
  });
}
