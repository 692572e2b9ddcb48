import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp();
type ProfileBody = {
  data: { profile: unknown; email: string | null; is_self: boolean };
};

describe('/api/account/profile', () => {
  it('creates and updates the profile with labelled values', async () => {
    const { agent } = await verifiedUser(t);
    const created = await agent.post('/api/account/profile', {
      username: 'mara',
      position: 'creator',
      language: 'de',
      referrer: 'podcast',
    });
    expect(json<ProfileBody>(created).data.profile).toEqual({
      username: 'mara',
      position: { key: 'creator', trans: 'Podcast-Macher*in' },
      language: { key: 'de', trans: 'Deutsch' },
      referrer: { key: 'podcast', trans: 'Podcast' },
    });
    const updated = await agent.put('/api/account/profile', {
      username: 'mara_m',
      position: 'owner',
      language: 'de',
      referrer: '',
    });
    expect(json<ProfileBody>(updated).data.profile).toMatchObject({
      username: 'mara_m',
      position: { key: 'owner' },
      referrer: null,
    });
  });

  it('rejects unknown positions and empty names', async () => {
    const { agent } = await verifiedUser(t);
    const response = await agent.put('/api/account/profile', { username: ' ', position: 'chef' });
    expect(response.statusCode).toBe(422);
    const errors = json(response).errors!;
    expect(errors.username).toEqual(['Bitte gib einen Namen an.']);
    expect(errors.position).toHaveLength(1);
  });
});

describe('GET /api/users/{id}', () => {
  it('shows a profile to its owner and to teammates, without e-mail, role, grant or verification', async () => {
    const viewer = await verifiedUser(t);
    const other = await verifiedUser(t);
    await addCategories(t);
    const podcast = await createPodcast(viewer.agent);
    await addMember(t, podcast.id, other.id, 'observer', 0);
    const response = await viewer.agent.get(`/api/users/${other.id}`);
    expect(response.statusCode).toBe(200);
    const data = json<ProfileBody>(response).data;
    expect(data).toMatchObject({ id: other.id, email: null, is_self: false });
    for (const key of ['role', 'granted', 'verified']) expect(data).not.toHaveProperty(key);
    // The teammate sees the viewer too (an active member of the same podcast).
    await t.db.updateTable('memberships').set({ active: 1 }).where('user_id', '=', other.id).execute();
    expect((await other.agent.get(`/api/users/${viewer.id}`)).statusCode).toBe(200);
    const self = json<ProfileBody>(await viewer.agent.get(`/api/users/${viewer.id}`)).data;
    expect(self).toMatchObject({ email: viewer.email, is_self: true });
    expect(self).not.toHaveProperty('role');
  });

  it('answers a stranger, an admin among them, exactly as for a missing user', async () => {
    const stranger = await verifiedUser(t);
    const admin = await verifiedUser(t);
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const missing = await stranger.agent.get('/api/users/2147483647');
    expect(missing.statusCode).toBe(404);
    for (const id of [admin.id, (await register(t)).id]) {
      const response = await stranger.agent.get(`/api/users/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    // A former teammate (inactive in the only shared podcast) no longer sees the team.
    const owner = await verifiedUser(t);
    await addCategories(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, stranger.id, 'editor', 0);
    expect((await stranger.agent.get(`/api/users/${owner.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown user and 403 before verification', async () => {
    const viewer = await verifiedUser(t);
    expect((await viewer.agent.get('/api/users/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '0x1', '+1', '1e3', '2147483648', '%FF']) {
      const response = await viewer.agent.get(`/api/users/${bad}`);
      expect(response.statusCode, bad).toBe(bad === '%FF' ? 400 : 404);
      expect(json(response).message).toBe(bad === '%FF' ? 'Die Adresse ist ungültig.' : 'Nicht gefunden.');
    }
    const unverified = await register(t);
    expect((await unverified.agent.get(`/api/users/${viewer.id}`)).statusCode).toBe(403);
  });
});
