import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema } from '../../shared/account.ts';
import type { AppContext } from '../context.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { endSession, startSession } from '../auth/session.ts';
import { clearThrottle, throttle } from '../auth/throttle.ts';
import { invalid } from '../http/errors.ts';
import { serializeUser } from '../users/serialize-user.ts';

const LOGIN_ATTEMPTS = 5;
const LOGIN_WINDOW_SECONDS = 60;

export function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, secure } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The client's session probe: 200 for guests too (`data: null`), so a logged-out page load logs
  // no 401. GET /api/account keeps answering 401 without a session.
  api.get('/api/account/session', async (request) => ({
    data: request.user ? await serializeUser(db, request.user, request.user) : null,
  }));

  api.post('/api/account/session', { schema: { body: loginSchema } }, async (request, reply) => {
    const { email, password } = request.body;
    const throttleKey = `login:${email}|${request.ip}`;
    await throttle(db, throttleKey, LOGIN_ATTEMPTS, LOGIN_WINDOW_SECONDS);
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    // One answer for an unknown address and a wrong password, so nobody can probe for accounts.
    if (!(await verifyPassword(user?.password_hash, password)) || !user) {
      throw invalid({ email: ['Diese Kombination aus E-Mail-Adresse und Passwort ist uns nicht bekannt.'] });
    }
    await clearThrottle(db, throttleKey);
    await startSession(db, request, reply, user.id, secure);
    return { data: await serializeUser(db, user, user) };
  });

  api.delete('/api/account/session', async (request, reply) => {
    await endSession(db, request, reply, secure);
    return reply.status(204).send();
  });
}
