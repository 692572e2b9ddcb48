import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, register } from '../helpers/accounts.ts';
import { hmac } from '../../../src/server/auth/tokens.ts';

const t = await createTestApp({ seed: true });

function apiPath(link: URL, overrides: Record<string, string> = {}) {
  const p = Object.fromEntries(link.searchParams);
  const q = { ...p, ...overrides };
  return `/api/email/verify/${q.id}/${q.hash}?expires=${q.expires}&signature=${q.signature}`;
}

describe('email verification', () => {
  it('holds an unverified user out of the studio until the mailed link is followed', async () => {
    const { agent, email } = await register(t);
    for (const path of ['/api/account/podcasts', '/api/practices/1', '/api/keywords']) {
      const response = await agent.get(path);
      expect(response.statusCode, path).toBe(403);
      expect(json(response).message).toBe('Bitte bestätige zuerst deine E-Mail-Adresse.');
    }
    const verified = await t.agent().get(apiPath(await t.mail.link(email, '/email')));
    expect(verified.statusCode).toBe(200);
    expect(json<{ data: { verified: boolean } }>(await agent.get('/api/account')).data.verified).toBe(true);
    expect((await agent.get('/api/account/podcasts')).statusCode).toBe(200);
  });

  it('refuses a forged signature', async () => {
    const { email, agent } = await register(t);
    const response = await t
      .agent()
      .get(apiPath(await t.mail.link(email, '/email'), { signature: 'a'.repeat(64) }));
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toMatch(/ungültig/);
    expect(json<{ data: { verified: boolean } }>(await agent.get('/api/account')).data.verified).toBe(false);
  });

  it('refuses a link signed for another user id', async () => {
    const { email } = await register(t);
    const other = await register(t);
    const response = await t
      .agent()
      .get(apiPath(await t.mail.link(email, '/email'), { id: String(other.id) }));
    expect(response.statusCode).toBe(403);
  });

  it('refuses an expired link even with a valid signature', async () => {
    const { email, id } = await register(t);
    const link = await t.mail.link(email, '/email');
    const key = (
      await t.db.selectFrom('secrets').select('value').where('key', '=', 'app_key').executeTakeFirstOrThrow()
    ).value;
    const expires = String(Math.floor(t.clock.now().getTime() / 1000) - 10);
    const hash = link.searchParams.get('hash')!;
    const signature = hmac(key, `verify:${id}:${hash}:${expires}`);
    const response = await t.agent().get(apiPath(link, { expires, signature }));
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toMatch(/abgelaufen/);
  });

  it('answers a malformed link with the German sentence, not a 500 or a pattern', async () => {
    for (const path of [
      '/api/email/verify/abc/xyz?expires=soon&signature=no',
      `/api/email/verify/2147483648/${'a'.repeat(40)}?expires=1&signature=${'a'.repeat(64)}`,
      '/api/email/verify/1/x',
    ]) {
      const response = await t.agent().get(path);
      expect(response.statusCode, path).toBe(403);
      expect(json(response).message).toBe(
        'Der Bestätigungslink ist ungültig. Fordere bitte eine neue E-Mail an.',
      );
    }
  });

  it('resends the mail on request and throttles it', async () => {
    const { agent, email } = await register(t);
    const before = (await t.mail.to(email)).length;
    const resend = await agent.post('/api/account/email:resend');
    expect(resend.statusCode).toBe(202);
    expect(json(resend).message).toBe('Neue E-Mail versendet');
    expect((await t.mail.to(email)).length).toBe(before + 1);
    await agent.post('/api/account/email:resend');
    await agent.post('/api/account/email:resend');
    expect((await agent.post('/api/account/email:resend')).statusCode).toBe(429);
  });

  it('invalidates links for an address the user has changed', async () => {
    const { agent, email } = await register(t);
    const oldLink = await t.mail.link(email, '/email');
    await agent.put('/api/account', { name: 'Neu', email: `neu-${email}`, password_current: PASSWORD });
    expect((await t.agent().get(apiPath(oldLink))).statusCode).toBe(403);
    expect((await t.agent().get(apiPath(await t.mail.link(`neu-${email}`, '/email')))).statusCode).toBe(200);
  });
});
