import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'kompass-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Kompass Studio</title>');
writeFileSync(join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
writeFileSync(join(clientDir, 'sw.js'), 'self.skipWaiting()');
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-static-'));
const { app } = await buildApp({ ...loadConfig({}), dataDir, clientDir }, { logger: false });
afterAll(() => app.close());

describe('serving the PWA', () => {
  it('answers client routes, including unknown ones, with the app shell', async () => {
    for (const url of ['/', '/app/practices/list', '/gibt-es-nicht']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
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
    expect(response.json()).toEqual({ message: 'Nicht gefunden.' });
  });

  it('sends a content security policy', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
