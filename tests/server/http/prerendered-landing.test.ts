// '/' for a guest is the landing rendered at build time; with a session cookie, the plain shell.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'kompass-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(clientDir, 'landing.html'), '<!doctype html><div id="root"><h1>Dein Podcast</h1></div>');
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-static-'));
const { app } = await buildApp({ ...loadConfig({}), dataDir, clientDir }, { logger: false });
afterAll(() => app.close());

describe('the landing page', () => {
  it('comes rendered for a guest', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Dein Podcast</h1>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('is the plain shell with a session cookie, so a signed-in user sees no landing flash by', async () => {
    const response = await app.inject({ url: '/', headers: { cookie: 'kompass_session=irgendwas' } });
    expect(response.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('leaves every other route to the shell', async () => {
    expect((await app.inject({ url: '/login' })).body).toBe('<!doctype html><div id="root"></div>');
  });
});
