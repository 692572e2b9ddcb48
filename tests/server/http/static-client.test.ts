import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { precompress } from '../../../src/client/build/precompress.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'kompass-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Kompass Studio</title>');
writeFileSync(join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
writeFileSync(join(clientDir, 'sw.js'), 'self.skipWaiting()');
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Wort ${i}`))};`;
writeFileSync(join(clientDir, 'assets', 'index-abcd.js'), bigScript);
copyFileSync('public/robots.txt', join(clientDir, 'robots.txt'));
// The build's list of client routes (src/client/build/route-list.ts).
writeFileSync(join(clientDir, 'routes.json'), JSON.stringify(['/', '/app/', '/app/practices/$id/rating']));
precompress(clientDir);
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-static-'));
const { app } = await buildApp({ ...loadConfig({}), dataDir, clientDir }, { logger: false });
afterAll(() => app.close());

describe('serving the PWA', () => {
  it('answers client routes with the app shell, unknown paths with 404 and the shell', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/app', 200],
      ['/app/practices/12/rating?x=1', 200],
      ['/app/practices/12/rating/', 200],
      ['/gibt-es-nicht', 404],
      ['/app/practices/12/gibt-es-nicht', 404],
      ['/app/practices/12/13/rating', 404],
    ] as const) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(status);
      // The shell renders 'Page not found.' for the 404s.
      expect(response.body).toContain('<title>Kompass Studio</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for good and revalidates the service worker', async () => {
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await app.inject({ url: '/api/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Nicht gefunden.', errors: {} });
  });

  it('sends a content security policy', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the precompressed copy of an asset that the browser accepts', async () => {
    const url = '/assets/index-abcd.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 2);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('sends small files as they are', async () => {
    const small = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('serves robots.txt as text, not the app shell', async () => {
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe(readFileSync('public/robots.txt', 'utf8'));
    expect(robots.body).toContain('Disallow: /api/');
  });
});
