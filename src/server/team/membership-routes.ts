// The team of a podcast (its memberships, the owner's actions on them) and the user's coworkers
// across podcasts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import {
  coworkersResponse,
  membershipMessages,
  membershipResource,
  membershipsResponse,
  type Coworker,
  type Membership,
} from '../../shared/team.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { requireUser } from '../access/session.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { requirePodcast } from '../access/guard.ts';
import { imageUri } from '../users/serialize-user.ts';
import { roleLabel } from './invitations.ts';

const messages = {
  own: 'Deine eigene Mitgliedschaft kannst du nicht ändern.',
  owner: 'Die Mitgliedschaft der Inhaberin oder des Inhabers lässt sich nicht ändern.',
};

/** How people are sorted: by name, else by address (German collation). */
const byName = (a: { name: string | null; email: string }, b: { name: string | null; email: string }) =>
  (a.name || a.email).localeCompare(b.name || b.email, 'de') || a.email.localeCompare(b.email);

/** The memberships of a podcast (or the one `membershipId`) as the API sends them. */
async function loadMemberships(db: Db, podcastId: number, viewerId: number, membershipId?: number) {
  let query = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('podcasts', 'podcasts.id', 'memberships.podcast_id')
    .leftJoin('images', 'images.id', 'users.image_id')
    .select([
      'memberships.id',
      'memberships.active',
      'memberships.role',
      'podcasts.id as podcast_id',
      'podcasts.title',
      'users.id as user_id',
      'users.name',
      'users.email',
      'images.key as image_key',
    ])
    .where('memberships.podcast_id', '=', podcastId);
  if (membershipId !== undefined) query = query.where('memberships.id', '=', membershipId);
  const rows = await query.execute();
  return rows
    .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || byName(a, b))
    .map((m): Membership => ({
      id: m.id,
      active: m.active === 1,
      role: roleLabel(m.role),
      podcast: { id: m.podcast_id, title: m.title },
      user: {
        id: m.user_id,
        name: m.name,
        email: m.email,
        image: imageUri(m.image_key),
        is_self: m.user_id === viewerId,
      },
    }));
}

/** Everyone who shares an active membership with the user, with those podcasts and their roles. */
async function loadCoworkers(db: Db, userId: number): Promise<Coworker[]> {
  const rows = await db
    .selectFrom('memberships as mine')
    .innerJoin('memberships as theirs', 'theirs.podcast_id', 'mine.podcast_id')
    .innerJoin('users', 'users.id', 'theirs.user_id')
    .innerJoin('podcasts', 'podcasts.id', 'theirs.podcast_id')
    .leftJoin('images', 'images.id', 'users.image_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'images.key as image_key',
      'podcasts.id as podcast_id',
      'podcasts.title',
      'theirs.role',
    ])
    .where('mine.user_id', '=', userId)
    .where('mine.active', '=', 1)
    .where('theirs.active', '=', 1)
    .where('theirs.user_id', '!=', userId)
    .orderBy('podcasts.title')
    .orderBy('podcasts.id')
    .execute();
  const people = new Map<number, Coworker>();
  for (const row of rows) {
    const person = people.get(row.id) ?? {
      id: row.id,
      name: row.name,
      email: row.email,
      image: imageUri(row.image_key),
      podcasts: [],
    };
    person.podcasts.push({ id: row.podcast_id, title: row.title, role: roleLabel(row.role) });
    people.set(row.id, person);
  }
  return [...people.values()].sort(byName);
}

export function membershipRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The whole team, inactive members too; the owner first, then by name.
  api.get(
    '/api/podcasts/:id/memberships',
    {
      schema: { params: idParam, response: { 200: membershipsResponse } },
      config: { podcast: { action: 'memberships.read' } },
    },
    async (request) => {
      const { podcast } = requirePodcast(request);
      return { data: await loadMemberships(db, podcast.id, requireUser(request).id) };
    },
  );

  /**
   * The membership of the path, when the caller may manage its podcast's team (the owner, §6)
   * and it is not the caller's own row nor the owner's (the podcast never loses its owner).
   */
  async function manageable(request: Parameters<typeof requireUser>[0], membershipId: number) {
    const user = requireUser(request);
    const membership = await db
      .selectFrom('memberships')
      .select(['id', 'podcast_id', 'user_id', 'role'])
      .where('id', '=', membershipId)
      .executeTakeFirstOrThrow();
    if (membership.user_id === user.id) throw forbidden(messages.own);
    if (membership.role === 'owner') throw forbidden(messages.owner);
    return { user, membership };
  }
  const manage = { podcast: { via: 'membership', action: 'memberships.manage' } } as const;

  for (const [action, active] of [
    ['deactivate', 0],
    ['reactivate', 1],
  ] as const) {
    api.post(
      `/api/memberships/:id(^[^:/]+)::${action}`,
      { schema: { params: idParam, response: { 200: membershipResource } }, config: manage },
      async (request) => {
        const { user, membership } = await manageable(request, request.params.id);
        await db.updateTable('memberships').set({ active }).where('id', '=', membership.id).execute();
        const [data] = await loadMemberships(db, membership.podcast_id, user.id, membership.id);
        if (!data) throw notFound(membershipMessages.missing); // removed since the update
        return { data };
      },
    );
  }

  // 204: the membership is gone (the client removes the row).
  api.post(
    '/api/memberships/:id(^[^:/]+)::delete',
    { schema: { params: idParam }, config: manage },
    async (request, reply) => {
      const { membership } = await manageable(request, request.params.id);
      await db.deleteFrom('memberships').where('id', '=', membership.id).execute();
      return reply.status(204).send();
    },
  );

  api.get('/api/coworkers', { schema: { response: { 200: coworkersResponse } } }, async (request) => ({
    data: await loadCoworkers(db, requireUser(request).id),
  }));
}
