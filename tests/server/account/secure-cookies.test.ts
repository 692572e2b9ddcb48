import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { Agent } from '../helpers/agent.ts';
import { PASSWORD } from '../helpers/accounts.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'kompass-https-'));
const config = { ...loadConfig({}), dataDir, appUrl: 'https://studio.example.org', clientDir: undefined };
const { app } = await buildApp(config, { logger: false });
afterAll(() => app.close());

describe('behind https', () => {
  it('marks session and XSRF cookies Secure and sends HSTS', async () => {
    const agent = new Agent(app);
    const csrf = await agent.csrf();
    expect(csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    expect(csrf.headers['strict-transport-security']).toBeDefined();
    const registration = await agent.post('/api/account', {
      email: 'sicher@example.org',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
      privacy: true,
    });
    expect(registration.cookies.find((c) => c.name === 'kompass_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });
});
