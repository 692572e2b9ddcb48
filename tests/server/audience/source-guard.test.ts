// The podcast guard on every audience-source route: every role reads, only the owner and managers
// connect, remove and refresh; a non-member learns nothing (404), an unconfirmed account nothing
// (403); a Basic podcast (trial over) keeps its sources.
import { describe, expect, it } from 'vitest';
import { audienceMessages } from '../../../src/shared/audience.ts';
import { podcastMessages } from '../../../src/server/access/kinds.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import { addMember } from '../podcasts/podcast-helpers.ts';
import { op3App, podcastWithFeed } from './op3-helpers.ts';

const { t } = await op3App();
const { owner, podcast } = await podcastWithFeed(t, 'https://feeds.example.org/guard.xml');
const other = await podcastWithFeed(t, 'https://feeds.example.org/andere.xml');
const roles: Record<string, Agent> = { owner: owner.agent };
for (const role of ['manager', 'editor', 'observer'] as const) {
  const user = await verifiedUser(t);
  await addMember(t, podcast.id, user.id, role);
  roles[role] = user.agent;
}
const stranger = (await verifiedUser(t)).agent;
const unconfirmed = (await register(t)).agent;

/** The podcast's upload source (written straight in when it has none), so the guard is tried without calling OP3. */
async function uploadSource(podcastId: number) {
  const kept = await t.db
    .selectFrom('audience_sources')
    .select('id')
    .where('podcast_id', '=', podcastId)
    .executeTakeFirst();
  return kept ? kept.id : audienceSource(t, podcastId);
}

const base = `/api/podcasts/${podcast.id}/audience-sources`;
const calls = {
  list: (agent: Agent) => agent.get(base),
  connect: (agent: Agent) => agent.post(base, { type: 'op3', token: 'kein-gueltiges-token-0000' }),
  refresh: async (agent: Agent) => agent.post(`${base}/${await uploadSource(podcast.id)}:refresh`),
  remove: async (agent: Agent) => agent.delete(`${base}/${await uploadSource(podcast.id)}`),
};

describe('the guard of the audience sources', () => {
  it('lets every role read and only owner and managers change', async () => {
    // connect passes the guard and then meets OP3's refusal of the token (422).
    const expected: Record<string, Record<keyof typeof calls, number>> = {
      owner: { list: 200, connect: 422, refresh: 200, remove: 204 },
      manager: { list: 200, connect: 422, refresh: 200, remove: 204 },
      editor: { list: 200, connect: 403, refresh: 403, remove: 403 },
      observer: { list: 200, connect: 403, refresh: 403, remove: 403 },
    };
    for (const [role, agent] of Object.entries(roles)) {
      for (const [name, call] of Object.entries(calls)) {
        const response = await call(agent);
        const want = expected[role]![name as keyof typeof calls];
        expect(response.statusCode, `${role} ${name}`).toBe(want);
        if (want === 403) expect(json(response).message).toBe(podcastMessages.role);
      }
    }
  });

  it('answers 404 to a non-member and 403 to an unconfirmed account, on every route', async () => {
    for (const [name, call] of Object.entries(calls)) {
      const response = await call(stranger);
      expect(response.statusCode, name).toBe(404);
      expect(json(response).message).toBe(podcastMessages.notFound);
      const unverified = await call(unconfirmed);
      expect(unverified.statusCode, name).toBe(403);
      expect(json(unverified).message).toBe('Bitte bestätige zuerst deine E-Mail-Adresse.');
    }
  });

  it('finds no source of another podcast through this one', async () => {
    const foreign = await uploadSource(other.podcast.id);
    for (const response of [
      await owner.agent.delete(`${base}/${foreign}`),
      await owner.agent.post(`${base}/${foreign}:refresh`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe(audienceMessages.sourceNotFound);
    }
    expect(
      await t.db.selectFrom('audience_sources').select('id').where('id', '=', foreign).executeTakeFirst(),
    ).toBeDefined();
  });

  it('keeps the sources of a Basic podcast readable and manageable', async () => {
    const old = new Date(t.clock.now().getTime() - 90 * 86_400_000).toISOString();
    await t.db.updateTable('podcasts').set({ created_at: old }).where('id', '=', podcast.id).execute();
    expect((await calls.list(roles.observer!)).statusCode).toBe(200);
    expect((await calls.remove(roles.manager!)).statusCode).toBe(204);
  });
});
