import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { preferredEncoding } from '../../../src/server/http/cached-json.ts';

const t = await createTestApp({ seed: true });
const { agent } = await verifiedUser(t);

describe('compressed JSON', () => {
  it('sends a large answer brotli- or gzip-compressed, as the client accepts', async () => {
    const plain = await agent.get('/api/compilations/1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    const br = await agent.request('GET', '/api/compilations/1', undefined, {
      'accept-encoding': 'gzip, br',
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await agent.request('GET', '/api/compilations/1', undefined, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const refused = await agent.request('GET', '/api/compilations/1', undefined, {
      'accept-encoding': 'br;q=0, gzip',
    });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('compresses every large JSON answer of the API, not only the pre-rendered ones', async () => {
    const plain = await agent.get('/api/compilations');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await agent.request('GET', '/api/compilations', undefined, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await agent.request('GET', '/api/compilations', undefined, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const identity = await agent.request('GET', '/api/compilations', undefined, {
      'accept-encoding': 'identity',
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('sends a changed answer compressed as it is now, not as it was compressed before', async () => {
    const podcast = (await agent.post('/api/podcasts', { title: 'Vorher', category_id: [1, 2] })).json<{
      data: { id: number };
    }>().data;
    const list = (encoding: string) =>
      agent.request('GET', `/api/podcasts/${podcast.id}/practices?order=latest`, undefined, {
        'accept-encoding': encoding,
      });
    const titles = (body: Buffer) =>
      (JSON.parse(body.toString()) as { data: { id: number; bookmarked: boolean }[] }).data;
    const first = await list('br');
    expect(first.headers['content-encoding']).toBe('br');
    const again = await list('br');
    expect(again.rawPayload).toEqual(first.rawPayload);
    const [method] = titles(brotliDecompressSync(first.rawPayload));
    expect(method!.bookmarked).toBe(false);
    await agent.post(`/api/podcasts/${podcast.id}/bookmarks`, { practice_id: method!.id });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const changed = titles(decode((await list(encoding)).rawPayload));
      expect(changed.find((p) => p.id === method!.id)!.bookmarked).toBe(true);
    }
  });

  it('picks brotli, else gzip, as Accept-Encoding allows', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('sends small answers uncompressed', async () => {
    const account = await agent.request('GET', '/api/account', undefined, { 'accept-encoding': 'br' });
    expect(account.statusCode).toBe(200);
    expect(account.body.length).toBeLessThan(1024);
    expect(account.headers['content-encoding']).toBeUndefined();
    expect(account.json()).toMatchObject({ data: { email: expect.stringContaining('@example.org') } });
    const anonymous = await t.agent().request('GET', '/api/account', undefined, { 'accept-encoding': 'br' });
    expect(anonymous.headers['content-encoding']).toBeUndefined();
    expect(anonymous.json()).toEqual({ message: 'Du bist nicht angemeldet.', errors: {} });
  });
});
