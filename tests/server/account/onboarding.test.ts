// PUT /api/account/onboarding: the step an account left onboarding at is kept
// by the server, only for a podcast it owns, until onboarding is complete.
import { describe, expect, it } from 'vitest';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp();
await addCategories(t);
type Me = { data: { onboarding: { podcast_id: number; step: string } | null } };
const me = async (agent: ReturnType<typeof t.agent>) =>
  json<Me>(await agent.get('/api/account')).data.onboarding;

describe('/api/account/onboarding', () => {
  it('keeps the step reached until onboarding is complete', async () => {
    const { agent } = await verifiedUser(t);
    const podcast = await createPodcast(agent);
    expect(await me(agent)).toBeNull();
    const saved = await agent.put('/api/account/onboarding', { podcast_id: podcast.id, step: 'confirm' });
    expect(saved.statusCode).toBe(200);
    expect(json<Me>(saved).data.onboarding).toEqual({ podcast_id: podcast.id, step: 'confirm' });
    expect(await me(agent)).toEqual({ podcast_id: podcast.id, step: 'confirm' });
    await agent.put('/api/account/onboarding', { podcast_id: podcast.id, step: 'profile' });
    expect(await me(agent)).toEqual({ podcast_id: podcast.id, step: 'profile' });

    // Completing another podcast's onboarding leaves this one's open step alone.
    const second = await createPodcast(agent, { title: 'Zweiter' });
    await agent.put('/api/account/onboarding', { podcast_id: second.id, step: null });
    expect(await me(agent)).toEqual({ podcast_id: podcast.id, step: 'profile' });
    await agent.put('/api/account/onboarding', { podcast_id: podcast.id, step: null });
    expect(await me(agent)).toBeNull();
  });

  it('forgets the step when the podcast goes (Zurück on the confirm step)', async () => {
    const { agent } = await verifiedUser(t);
    const podcast = await createPodcast(agent);
    await agent.put('/api/account/onboarding', { podcast_id: podcast.id, step: 'confirm' });
    await t.db.deleteFrom('podcasts').where('id', '=', podcast.id).execute();
    expect(await me(agent)).toBeNull();
  });

  it('refuses a podcast the account does not own, and a step that does not exist, in German', async () => {
    const owner = await verifiedUser(t);
    const editor = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, editor.id, 'editor');
    const refused = await editor.agent.put('/api/account/onboarding', {
      podcast_id: podcast.id,
      step: 'confirm',
    });
    expect(refused.statusCode).toBe(404);
    expect(json(refused).message).toBe('Diesen Podcast gibt es nicht.');
    const bad = await owner.agent.put('/api/account/onboarding', { podcast_id: podcast.id, step: 'fertig' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors?.step?.[0]).toMatch(/[äöüÄÖÜß]|Bitte|Wähle|ungültig/i);
    expect(await me(editor.agent)).toBeNull();
  });
});
