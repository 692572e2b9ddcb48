import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { PASSWORD } from '../helpers/accounts.ts';

const t = await createTestApp({ config: { appUrl: 'https://studio.example.org' } });

describe('behind https', () => {
  it('marks session and XSRF cookies Secure and sends HSTS', async () => {
    const agent = t.agent();
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
    expect((await t.mail.link('sicher@example.org', '/email')).origin).toBe('https://studio.example.org');
  });
});
