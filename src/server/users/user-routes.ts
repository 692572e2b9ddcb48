import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userProfileResponse } from '../../shared/account.ts';
import { idParam } from '../../shared/api.ts';
import type { Db } from '../db/database.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../access/session.ts';
import { notFound } from '../http/errors.ts';
import { serializeUser } from './serialize-user.ts';

/**
 * Whether `viewer` shares a podcast with user `id`: the viewer is an active member of a podcast
 * the user belongs to (inactive members too: the team list shows them, with a link here).
 */
async function sharesPodcast(db: Db, viewerId: number, id: number) {
  const row = await db
    .selectFrom('memberships as mine')
    .innerJoin('memberships as theirs', 'theirs.podcast_id', 'mine.podcast_id')
    .select('theirs.id')
    .where('mine.user_id', '=', viewerId)
    .where('mine.active', '=', 1)
    .where('theirs.user_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function userRoutes(app: FastifyInstance, { db }: AppContext) {
  // A profile shows to its owner and to people who share a podcast with them (Entscheidung USR-1).
  // Anyone else gets the same
  // 404 as for a missing user, so ids tell nothing; role, grant and verification never show.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/users/:id',
    {
      schema: { params: idParam, response: { 200: userProfileResponse } },
      // Who may see the profile is decided below (its owner and who shares a podcast with them).
      config: { access: 'own-account' },
    },
    async (request) => {
      const viewer = requireUser(request);
      const { id } = request.params;
      const visible = id === viewer.id || (await sharesPodcast(db, viewer.id, id));
      const user = visible
        ? await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
        : undefined;
      if (!user) throw notFound('Diesen Benutzer gibt es nicht.');
      const {
        role: _role,
        verified: _verified,
        granted: _granted,
        ...profile
      } = await serializeUser(db, user, viewer);
      return { data: profile };
    },
  );
}
