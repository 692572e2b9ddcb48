// Onboarding's 'Zurück': a fresh podcast (created within 24 hours, setup not closed, no other
// member, no metrics) may be deleted by its owner without the password; anything else needs it.
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from './podcast-helpers.ts';

const t = await createTestApp();
beforeAll(() => addCategories(t));

const HOUR = 3_600_000;
const NEEDS_PASSWORD = { password: ['Bitte gib dein aktuelles Passwort ein.'] };

async function exists(id: number) {
  return Boolean(await t.db.selectFrom('podcasts').select('id').where('id', '=', id).executeTakeFirst());
}

describe('DELETE /api/podcasts/{id} of a fresh podcast', () => {
  it('deletes without a password within 24 hours of its creation', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    t.clock.set(new Date(t.clock.now().getTime() + 23 * HOUR));
    const response = await owner.agent.delete(`/api/podcasts/${podcast.id}`, {});
    expect(response.statusCode).toBe(204);
    expect(await exists(podcast.id)).toBe(false);
  });

  it('still checks a password that is sent', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    const wrong = await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: 'falsches-passwort' });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).errors).toEqual({ password: ['Das Passwort ist nicht korrekt.'] });
    expect(await exists(podcast.id)).toBe(true);
  });

  it('needs the password once the podcast is 24 hours old', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    t.clock.set(new Date(t.clock.now().getTime() + 24 * HOUR));
    const response = await owner.agent.delete(`/api/podcasts/${podcast.id}`, {});
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual(NEEDS_PASSWORD);
    expect(await exists(podcast.id)).toBe(true);
    expect((await owner.agent.delete(`/api/podcasts/${podcast.id}`, { password: PASSWORD })).statusCode).toBe(
      204,
    );
  });

  it('needs the password when a coworker works on it (also an inactive one)', async () => {
    for (const active of [1, 0]) {
      const owner = await verifiedUser(t);
      const coworker = await verifiedUser(t);
      const podcast = await createPodcast(owner.agent);
      await addMember(t, podcast.id, coworker.id, 'editor', active);
      const response = await owner.agent.delete(`/api/podcasts/${podcast.id}`, {});
      expect(response.statusCode, `active ${active}`).toBe(422);
      expect(json(response).errors).toEqual(NEEDS_PASSWORD);
      expect(await exists(podcast.id)).toBe(true);
    }
  });

  it('needs the password once metrics are recorded or the setup is closed', async () => {
    const owner = await verifiedUser(t);
    const measured = await createPodcast(owner.agent);
    expect(
      (await owner.agent.post(`/api/podcasts/${measured.id}/metrics`, { coverage: 10 })).statusCode,
    ).toBe(201);
    const completed = await createPodcast(owner.agent);
    expect((await owner.agent.post(`/api/podcasts/${completed.id}:complete`)).statusCode).toBe(200);
    for (const podcast of [measured, completed]) {
      const response = await owner.agent.delete(`/api/podcasts/${podcast.id}`, {});
      expect(response.statusCode).toBe(422);
      expect(json(response).errors).toEqual(NEEDS_PASSWORD);
      expect(await exists(podcast.id)).toBe(true);
    }
  });

  it('is still the owner’s alone: a manager cannot delete a fresh podcast', async () => {
    const owner = await verifiedUser(t);
    const manager = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, manager.id, 'manager');
    expect((await manager.agent.delete(`/api/podcasts/${podcast.id}`, {})).statusCode).toBe(403);
    expect(await exists(podcast.id)).toBe(true);
  });
});
