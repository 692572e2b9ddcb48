// POST /api/account/image: who may upload, which files are refused before decoding, and how
// every broken multipart body is answered (a German 4xx, never a 500).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../src/shared/images.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { BOUNDARY, filePart, multipart } from '../helpers/multipart.ts';

const t = await createTestApp();
type UserBody = { data: { image: { image_uri: string } | null } };

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
const upload = (
  agent: Awaited<ReturnType<typeof verifiedUser>>['agent'],
  bytes: Buffer,
  field = 'upload',
) => {
  const { body, headers } = multipart(field, 'ich.png', 'image/png', bytes);
  return agent.post('/api/account/image', body, headers);
};

const TOO_MANY_PIXELS =
  'Das Bild hat zu viele Pixel: Breite und Höhe höchstens je 8000 Pixel, insgesamt höchstens 40 Megapixel.';
const NOT_AN_IMAGE = 'Die Datei ist kein Bild. Erlaubt sind JPEG, PNG, WebP, GIF und AVIF.';
const MISSING = 'Bitte wähle ein Bild aus.';
const UNREADABLE = 'Die Datei konnte nicht gelesen werden. Bitte lade sie erneut hoch.';

describe('POST /api/account/image', () => {
  it('re-encodes an uploaded picture to WebP (at most 512 px) and serves it', async () => {
    const { agent } = await verifiedUser(t);
    const response = await upload(agent, await png(1200, 800));
    expect(response.statusCode).toBe(200);
    const uri = json<UserBody>(response).data.image!.image_uri;
    const image = await agent.get(uri);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 341,
    });
  });

  it('lets only verified users upload', async () => {
    const { agent } = await register(t);
    const response = await upload(agent, await png(64, 64));
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({ message: 'Bitte bestätige zuerst deine E-Mail-Adresse.', errors: {} });
    const anonymous = t.agent();
    await anonymous.csrf();
    expect((await upload(anonymous, await png(64, 64))).statusCode).toBe(401);
  });

  it('refuses images with too many pixels, however small the file', async () => {
    const { agent } = await verifiedUser(t);
    // 100000 × 400 is exactly 40 MP, but a strip that long is refused by its width.
    const strip = await png(100_000, 400);
    expect(strip.length).toBeLessThan(200_000);
    for (const bytes of [strip, await png(8001, 100), await png(100, 8001), await png(7000, 6000)]) {
      const response = await upload(agent, bytes);
      expect(response.statusCode).toBe(422);
      expect(json(response)).toEqual({ message: TOO_MANY_PIXELS, errors: { upload: [TOO_MANY_PIXELS] } });
    }
    expect(json<UserBody>(await agent.get('/api/account')).data.image).toBeNull();
    // The limits themselves are allowed.
    expect((await upload(agent, await png(8000, 5000))).statusCode).toBe(200);
  }, 30_000); // building and decoding 40 MP test images takes seconds on a busy machine

  it('refuses files that are not images of an allowed type and keeps the old picture', async () => {
    const { agent } = await verifiedUser(t);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    for (const bytes of [
      Buffer.from('kein bild, nur text'),
      svg,
      tiff,
      (await png(64, 64)).subarray(0, 60),
    ]) {
      const response = await upload(agent, bytes);
      expect(response.statusCode).toBe(422);
      expect(json(response)).toEqual({ message: NOT_AN_IMAGE, errors: { upload: [NOT_AN_IMAGE] } });
    }
    expect(json<UserBody>(await agent.get('/api/account')).data.image).toBeNull();
  });

  it('answers every broken form with a German 4xx in the error shape', async () => {
    const { agent } = await verifiedUser(t);
    const part = filePart('upload', 'ich.png', 'image/png', await png(64, 64));
    const withBoundary = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const cases: [
      string,
      Buffer | string | object | undefined,
      Record<string, string> | undefined,
      number,
      string,
    ][] = [
      [
        'no boundary',
        Buffer.concat([part, Buffer.from(`--${BOUNDARY}--\r\n`)]),
        { 'content-type': 'multipart/form-data' },
        400,
        UNREADABLE,
      ],
      ['no closing boundary', part, withBoundary, 400, UNREADABLE],
      ['not multipart inside', 'irgendwas', withBoundary, 400, UNREADABLE],
      ['empty body', '', withBoundary, 422, MISSING],
      [
        'empty file',
        Buffer.concat([
          filePart('upload', 'leer.png', 'image/png', Buffer.alloc(0)),
          Buffer.from(`--${BOUNDARY}--\r\n`),
        ]),
        withBoundary,
        422,
        MISSING,
      ],
      [
        'wrong field',
        multipart('datei', 'ich.png', 'image/png', Buffer.from('x')).body,
        withBoundary,
        422,
        MISSING,
      ],
      ['JSON instead of a form', { upload: 'x' }, undefined, 422, MISSING],
      [
        'too large',
        multipart('upload', 'gross.png', 'image/png', Buffer.alloc(IMAGE_MAX_BYTES + 1, 1)).body,
        withBoundary,
        413,
        'Das Bild darf höchstens 10 MB groß sein.',
      ],
    ];
    for (const [name, body, headers, status, message] of cases) {
      const response = await agent.post('/api/account/image', body as never, headers);
      expect(response.statusCode, name).toBe(status);
      expect(json(response), name).toEqual({ message, errors: { upload: [message] } });
    }
    // A file of exactly the limit is read (and then refused only because it is no image).
    const atLimit = await upload(agent, Buffer.alloc(IMAGE_MAX_BYTES, 1));
    expect(json(atLimit)).toEqual({ message: NOT_AN_IMAGE, errors: { upload: [NOT_AN_IMAGE] } });
  });
});
