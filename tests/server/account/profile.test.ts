import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';

const t = await createTestApp();
type ProfileBody = {
  data: { profile: unknown; image: { image_uri: string } | null; email: string | null; is_self: boolean };
};

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----kompass-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

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

describe('POST /api/account/image', () => {
  it('re-encodes an uploaded picture to WebP and serves it', async () => {
    const { agent } = await verifiedUser(t);
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const { body, headers } = multipart('upload', 'ich.png', 'image/png', png);
    const response = await agent.post('/api/account/image', body, headers);
    expect(response.statusCode).toBe(200);
    const uri = json<ProfileBody>(response).data.image!.image_uri;
    const image = await agent.get(uri);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });
  });

  it('refuses a file that is not an image and keeps the old picture', async () => {
    const { agent } = await verifiedUser(t);
    const { body, headers } = multipart(
      'upload',
      'bild.png',
      'image/png',
      Buffer.from('kein bild, nur text'),
    );
    const response = await agent.post('/api/account/image', body, headers);
    expect(response.statusCode).toBe(422);
    expect(json(response).errors?.upload?.[0]).toMatch(/kein Bild/);
    expect(json<ProfileBody>(await agent.get('/api/account')).data.image).toBeNull();
  });

  it('asks for the upload field', async () => {
    const { agent } = await verifiedUser(t);
    const { body, headers } = multipart('datei', 'x.png', 'image/png', Buffer.from('x'));
    expect(json(await agent.post('/api/account/image', body, headers)).errors?.upload).toEqual([
      'Bitte wähle ein Bild aus.',
    ]);
    expect((await agent.post('/api/account/image', { upload: 'x' })).statusCode).toBe(422);
  });
});

describe('GET /api/users/{id}', () => {
  it('shows another user’s profile without the e-mail address', async () => {
    const viewer = await verifiedUser(t);
    const other = await register(t);
    const response = await viewer.agent.get(`/api/users/${other.id}`);
    expect(response.statusCode).toBe(200);
    expect(json<ProfileBody>(response).data).toMatchObject({ email: null, is_self: false });
    const self = json<ProfileBody>(await viewer.agent.get(`/api/users/${viewer.id}`)).data;
    expect(self).toMatchObject({ email: viewer.email, is_self: true });
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
