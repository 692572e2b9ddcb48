import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, register } from '../helpers/accounts.ts';

const t = await createTestApp();
const login = { email: 'niemand@example.org', password: 'irgendein-passwort' };

describe('CSRF protection', () => {
  it('hands out the token as cookie and in the body', async () => {
    const agent = t.agent();
    const response = await agent.csrf();
    expect(response.statusCode).toBe(200);
    expect(json<{ token: string }>(response).token).toBe(agent.cookies.get('XSRF-TOKEN'));
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('answers 419 when the header is missing', async () => {
    const agent = t.agent();
    await agent.csrf();
    const response = await agent.post('/api/account/session', login, { 'x-xsrf-token': '' });
    expect(response.statusCode).toBe(419);
    expect(json(response).message).toMatch(/Sitzung ist abgelaufen/);
  });

  it('answers 419 when header and cookie differ', async () => {
    const agent = t.agent();
    await agent.csrf();
    const response = await agent.post('/api/account/session', login, { 'x-xsrf-token': 'x'.repeat(43) });
    expect(response.statusCode).toBe(419);
  });

  it('answers 419 without any token', async () => {
    const response = await t.agent().post('/api/account/session', login);
    expect(response.statusCode).toBe(419);
  });

  it('lets a matching token through', async () => {
    const agent = t.agent();
    await agent.csrf();
    const response = await agent.post('/api/account/session', login);
    expect(response.statusCode).toBe(422);
  });

  it('keeps the token when asked again, so open tabs stay valid', async () => {
    const agent = t.agent();
    await agent.csrf();
    const first = agent.cookies.get('XSRF-TOKEN');
    await agent.csrf();
    expect(agent.cookies.get('XSRF-TOKEN')).toBe(first);
  });
});

describe('CSRF bound to the session', () => {
  it('checks every write, however the path is spelled', async () => {
    const { agent } = await register(t);
    for (const path of [
      '/%61pi/account/session',
      '/API/account/session',
      '/api//account/session',
      '/anything',
    ]) {
      const response = await agent.request('DELETE', path, undefined, { 'x-xsrf-token': 'falsch' });
      expect(response.statusCode, path).toBe(419);
    }
    expect((await agent.get('/api/account')).statusCode).toBe(200);
  });

  it('refuses a token that was issued for another session', async () => {
    const victim = await register(t);
    const attacker = await register(t);
    // Used by its own session first (a valid token is kept as valid for that session only).
    const own = await attacker.agent.put('/api/account', { name: 'Angreifer', email: attacker.email });
    expect(own.statusCode).toBe(200);
    const stolen = attacker.agent.cookies.get('XSRF-TOKEN')!;
    victim.agent.cookies.set('XSRF-TOKEN', stolen);
    const response = await victim.agent.put('/api/account', { name: 'Übernommen', email: victim.email });
    expect(response.statusCode).toBe(419);
  });

  it('rotates the token at login and logout, and the old one stops working', async () => {
    const { email } = await register(t);
    const agent = t.agent();
    await agent.csrf();
    const guestToken = agent.cookies.get('XSRF-TOKEN');
    await agent.post('/api/account/session', { email, password: PASSWORD });
    const sessionToken = agent.cookies.get('XSRF-TOKEN');
    expect(sessionToken).not.toBe(guestToken);
    const stale = await agent.request(
      'PUT',
      '/api/account',
      { name: 'X', email },
      { 'x-xsrf-token': guestToken! },
    );
    expect(stale.statusCode).toBe(419);
    expect((await agent.delete('/api/account/session')).statusCode).toBe(204);
    expect(agent.cookies.get('XSRF-TOKEN')).not.toBe(sessionToken);
    // The body of /sanctum/csrf-cookie always carries the token valid for the current session.
    const body = json<{ token: string }>(await agent.csrf());
    expect(body.token).toBe(agent.cookies.get('XSRF-TOKEN'));
  });

  it('answers a malformed percent-encoding in the header with 419, not 500', async () => {
    const agent = t.agent();
    await agent.csrf();
    const response = await agent.post('/api/account/session', {}, { 'x-xsrf-token': '%E0%A4%A' });
    expect(response.statusCode).toBe(419);
  });
});
