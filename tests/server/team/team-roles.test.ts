// Every role against every team write: the README's role table is what the server does.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/shared/roles.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { address, invite } from './team-helpers.ts';

const t = await createTestApp();
beforeAll(() => addCategories(t));

type Target = { podcastId: number; invitationId: number; membershipId: number };
type Write = { name: string; path: (x: Target) => string; body?: () => Record<string, string>; ok: number };

const writes: Write[] = [
  {
    name: 'invite',
    path: (x) => `/api/podcasts/${x.podcastId}/invitations`,
    body: () => ({ email: address('rolle'), type: 'observer' }),
    ok: 201,
  },
  { name: 'resend', path: (x) => `/api/invitations/${x.invitationId}:resend`, ok: 200 },
  { name: 'deactivate', path: (x) => `/api/memberships/${x.membershipId}:deactivate`, ok: 200 },
  { name: 'reactivate', path: (x) => `/api/memberships/${x.membershipId}:reactivate`, ok: 200 },
  { name: 'delete', path: (x) => `/api/memberships/${x.membershipId}:delete`, ok: 204 },
];

const allowed: Record<Role, string[]> = {
  owner: ['invite', 'resend', 'deactivate', 'reactivate', 'delete'],
  manager: ['invite', 'resend'],
  editor: [],
  observer: [],
};

/** What a refused write must leave as it was: the team, the invitations and the mails sent. */
async function state(podcastId: number) {
  // First: the queue has sent (and so rendered the token of) every mail due.
  const mails = (await t.mail.all()).length;
  const team = await t.db
    .selectFrom('memberships')
    .select(['id', 'role', 'active'])
    .where('podcast_id', '=', podcastId)
    .orderBy('id')
    .execute();
  const invitations = await t.db
    .selectFrom('invitations')
    .select(['id', 'email', 'expires_on', 'last_sent_at', 'token_hash'])
    .where('podcast_id', '=', podcastId)
    .orderBy('id')
    .execute();
  return { team, invitations, mails };
}

describe.each(['owner', 'manager', 'editor', 'observer'] as const)('as %s', (role) => {
  // About 25 requests and a few mails per role: more than the default 5 s on a busy machine.
  it(
    'may do exactly the team writes of its row; a refused one changes nothing',
    { timeout: 30_000 },
    async () => {
      const owner = await verifiedUser(t);
      const podcast = await createPodcast(owner.agent);
      const actor = role === 'owner' ? owner : await verifiedUser(t);
      if (role !== 'owner') await addMember(t, podcast.id, actor.id, role);
      const coworker = await verifiedUser(t);
      await addMember(t, podcast.id, coworker.id, 'editor');
      const membership = await t.db
        .selectFrom('memberships')
        .select('id')
        .where('user_id', '=', coworker.id)
        .executeTakeFirstOrThrow();
      const invitation = await invite(owner.agent, podcast.id, address('offen'));
      const target = { podcastId: podcast.id, invitationId: invitation.id, membershipId: membership.id };

      for (const write of writes) {
        const label = `${role} ${write.name}`;
        const before = await state(podcast.id);
        const response = await actor.agent.post(write.path(target), write.body?.());
        if (allowed[role].includes(write.name)) {
          expect(response.statusCode, label).toBe(write.ok);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(json(response), label).toEqual({
            message: 'Das darf deine Rolle in diesem Podcast nicht.',
            errors: {},
          });
          expect(await state(podcast.id), label).toEqual(before);
        }
      }
      // Every role reads the team.
      for (const path of ['memberships', 'invitations']) {
        expect((await actor.agent.get(`/api/podcasts/${podcast.id}/${path}`)).statusCode, path).toBe(200);
      }
    },
  );
});
