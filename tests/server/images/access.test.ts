// GET /api/images/{key}: verified users only, unguessable addresses, private caching, and no
// picture outliving its account or its replacement.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, register, verifiedUser } from '../helpers/accounts.ts';
import { multipart } from '../helpers/multipart.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp();
type Agent = Awaited<ReturnType<typeof verifiedUser>>['agent'];
type UserBody = { data: { image: { image_uri: string } | null } };

async function uploadPicture(agent: Agent, background = '#0f766e') {
  const png = await sharp({ create: { width: 80, height: 80, channels: 3, background } })
    .png()
    .toBuffer();
  const { body, headers } = multipart('upload', 'ich.png', 'image/png', png);
  const response = await agent.post('/api/account/image', body, headers);
  expect(response.statusCode).toBe(200);
  return json<UserBody>(response).data.image!.image_uri;
}

const imageCount = () => t.count('images');

describe('GET /api/images/{key}', () => {
  it(
    'serves a picture under a random key to verified users, cached privately',
    { timeout: 20_000 },
    async () => {
      const owner = await verifiedUser(t);
      const uri = await uploadPicture(owner.agent);
      expect(uri).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}$/);

      const other = await verifiedUser(t);
      const response = await other.agent.get(uri);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      // Teammates see the same address in the profile.
      await addCategories(t);
      await addMember(t, (await createPodcast(owner.agent)).id, other.id, 'observer');
      const profile = json<UserBody>(await other.agent.get(`/api/users/${owner.id}`));
      expect(profile.data.image).toEqual({ image_uri: uri });
    },
  );

  it('refuses anonymous and unverified visitors', async () => {
    const owner = await verifiedUser(t);
    const uri = await uploadPicture(owner.agent);
    const anonymous = await t.agent().get(uri);
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toEqual({ message: 'Du bist nicht angemeldet.', errors: {} });
    const unverified = await (await register(t)).agent.get(uri);
    expect(unverified.statusCode).toBe(403);
    expect(json(unverified)).toEqual({ message: 'Bitte bestätige zuerst deine E-Mail-Adresse.', errors: {} });
  });

  it('cannot be found by counting ids or guessing keys', async () => {
    const owner = await verifiedUser(t);
    const uri = await uploadPicture(owner.agent);
    const key = uri.split('/').pop()!;
    const { id } = await t.db
      .selectFrom('images')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    for (const guess of [
      String(id),
      '1',
      'A'.repeat(22),
      key.slice(0, 21) + (key.endsWith('A') ? 'B' : 'A'), // one character off
      '%00',
    ]) {
      const response = await owner.agent.get(`/api/images/${guess}`);
      expect(response.statusCode, guess).toBe(404);
      expect(json(response)).toEqual({ message: 'Bild nicht gefunden.', errors: {} });
    }
  });

  it('deletes the old picture when a new one replaces it', async () => {
    const { agent } = await verifiedUser(t);
    const first = await uploadPicture(agent, '#ff0000');
    const before = await imageCount();
    const second = await uploadPicture(agent, '#00ff00');
    expect(second).not.toBe(first);
    expect((await agent.get(first)).statusCode).toBe(404);
    expect((await agent.get(second)).statusCode).toBe(200);
    expect(await imageCount()).toBe(before);
  });

  it('keeps exactly one picture when two uploads race', async () => {
    const { agent } = await verifiedUser(t);
    const before = await imageCount();
    const uris = await Promise.all([uploadPicture(agent, '#111111'), uploadPicture(agent, '#222222')]);
    const current = json<UserBody>(await agent.get('/api/account')).data.image!.image_uri;
    expect(uris).toContain(current);
    const other = uris.find((uri) => uri !== current)!;
    expect((await agent.get(other)).statusCode).toBe(404);
    expect(await imageCount()).toBe(before + 1);
  });

  it('is gone when the account is deleted', async () => {
    const owner = await verifiedUser(t);
    const uri = await uploadPicture(owner.agent);
    const viewer = await verifiedUser(t);
    expect((await viewer.agent.get(uri)).statusCode).toBe(200);
    expect((await owner.agent.delete('/api/account', { password: PASSWORD })).statusCode).toBe(204);
    expect((await viewer.agent.get(uri)).statusCode).toBe(404);
    const key = uri.split('/').pop()!;
    expect(
      await t.db.selectFrom('images').select('id').where('key', '=', key).executeTakeFirst(),
    ).toBeUndefined();
  });
});
