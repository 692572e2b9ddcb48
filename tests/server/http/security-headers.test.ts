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

async function appAt(appUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kompass-headers-'));
  const { app } = await buildApp({ ...loadConfig({}), dataDir, clientDir, appUrl }, { logger: false });
  afterAll(() => app.close());
  return app;
}
const http = await appAt('http://localhost:3000');
const https = await appAt('https://studio.example.org');

const DOCUMENT = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const API = { 'cross-origin-resource-policy': 'same-origin', 'x-content-type-options': 'nosniff' };
const DOCUMENT_ONLY = Object.keys(DOCUMENT).filter((name) => !(name in API));
const CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
  "frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';" +
  "script-src-attr 'none';style-src 'self' 'unsafe-inline';worker-src 'self';connect-src 'self'";

describe('security headers', () => {
  it('are on pages and scripts', async () => {
    for (const url of ['/', '/app/practices/list', '/assets/app-1234.js']) {
      const response = await http.inject({ url });
      expect(response.headers, url).toMatchObject(DOCUMENT);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('on API answers and errors are the ones that act on a fetched answer', async () => {
    for (const url of ['/sanctum/csrf-cookie', '/api/account']) {
      const response = await http.inject({ url });
      expect(response.headers, url).toMatchObject({ ...API, 'cache-control': 'no-store' });
      for (const name of [...DOCUMENT_ONLY, 'strict-transport-security']) {
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it('put the content security policy on pages and scripts, not on JSON', async () => {
    expect((await http.inject({ url: '/' })).headers['content-security-policy']).toBe(CSP);
    expect((await http.inject({ url: '/assets/app-1234.js' })).headers['content-security-policy']).toBe(CSP);
    const api = await http.inject({ url: '/api/account' });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({ message: 'Du bist nicht angemeldet.', errors: {} });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('add HSTS and upgrade-insecure-requests when the app is served over https', async () => {
    const page = await https.inject({ url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toBe(
      CSP.replace(";worker-src 'self'", ";upgrade-insecure-requests;worker-src 'self'"),
    );
    const api = await https.inject({ url: '/sanctum/csrf-cookie' });
    expect(api.headers).toMatchObject({
      ...API,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });
});
