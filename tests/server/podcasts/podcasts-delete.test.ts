// DELETE /api/podcasts/{id}: the right password takes the podcast and all of it, the throttle, and it goes with its owner's account.
import { describe, expect, it } from 'vitest';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { appWithCategories, addMember, createPodcast, type One } from './podcast-helpers.ts';

const t = await appWithCategories();

describe('DELETE /api/podcasts/{id}', () => {
  it('needs the right password, then takes the podcast and everything of it', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await owner.agent.post(`/api/podcasts/${podcast.id}/metrics`, { coverage: 120 });
    await owner.agent.post(`/api/account/context/${podcast.id}`);

    const missing = await owner.agent.delete(`/api/podcasts/${podcast.id}`, {});
    expect(missing.statusCode).toBe(422);
    expect(json(missing).errors).toEqual({ password: ['Bitte gib dein aktuelles Passwort ein.'] });
    const wrong = await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: 'falsches-passwort' });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).errors).toEqual({ password: ['Das Passwort ist nicht korrekt.'] });
    expect(json<One>(await owner.agent.get(`/api/podcasts/${podcast.id}`)).data.id).toBe(podcast.id);

    const response = await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: PASSWORD });
    expect(response.statusCode).toBe(204);
    expect((await owner.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(404);
    for (const table of ['podcast_metrics', 'memberships', 'user_contexts'] as const) {
      const rows = await t.db.selectFrom(table).selectAll().where('podcast_id', '=', podcast.id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(json<{ data: null }>(await owner.agent.get('/api/account/context')).data).toBeNull();
  });

  it('is throttled like every password check: the sixth wrong try in a minute answers 429', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    for (let i = 0; i < 5; i++) {
      expect(
        (await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: 'falsch-falsch' })).statusCode,
      ).toBe(422);
    }
    expect((await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: PASSWORD })).statusCode).toBe(
      429,
    );
    expect(json<One>(await owner.agent.get(`/api/podcasts/${podcast.id}`)).data.id).toBe(podcast.id);
  });

  it('goes with the owner’s account, also when coworkers work on it', async () => {
    const owner = await verifiedUser(t);
    const coworker = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, coworker.id, 'editor');
    expect((await owner.agent.delete('/api/account', { password: PASSWORD })).statusCode).toBe(204);
    expect((await coworker.agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('podcasts').select('id').where('id', '=', podcast.id).execute()).toEqual([]);
  });
});
