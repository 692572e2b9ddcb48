import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, register } from '../helpers/accounts.ts';

const t = await createTestApp();
const unknownCombination = {
  email: ['Diese Kombination aus E-Mail-Adresse und Passwort ist uns nicht bekannt.'],
};

describe('POST/DELETE /api/account/session', () => {
  it('logs in with a new session id and logs out for good', async () => {
    const { email, agent: registered } = await register(t);
    const registrationCookie = registered.cookies.get('kompass_session');
    const agent = t.agent();
    await agent.csrf();
    const login = await agent.post('/api/account/session', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(json<{ data: { email: string } }>(login).data.email).toBe(email);
    const cookie = login.cookies.find((c) => c.name === 'kompass_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).not.toBe(registrationCookie);

    const stolen = agent.cookies.get('kompass_session')!;
    expect((await agent.delete('/api/account/session')).statusCode).toBe(204);
    expect((await agent.get('/api/account')).statusCode).toBe(401);
    // The old cookie is worthless once the session is destroyed.
    const replay = t.agent();
    replay.cookies.set('kompass_session', stolen);
    expect((await replay.get('/api/account')).statusCode).toBe(401);
  });

  it('gives one answer for an unknown email and a wrong password', async () => {
    const { email } = await register(t);
    const agent = t.agent();
    await agent.csrf();
    const wrong = await agent.post('/api/account/session', { email, password: 'falsches-passwort' });
    const unknown = await agent.post('/api/account/session', { email: 'gibts@nicht.de', password: PASSWORD });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(json(wrong)).toEqual(json(unknown));
    expect(json(wrong).errors).toEqual(unknownCombination);
  });

  it('throttles repeated attempts per email and IP with Retry-After', async () => {
    const agent = t.agent();
    await agent.csrf();
    const attempt = () =>
      agent.post('/api/account/session', { email: 'ziel@example.org', password: 'falsch-falsch' });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(422);
    const throttled = await attempt();
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(throttled).message).toMatch(/^Zu viele Versuche/);
    // Another address from the same IP is not locked out.
    const other = await agent.post('/api/account/session', {
      email: 'andere@example.org',
      password: 'falsch-falsch',
    });
    expect(other.statusCode).toBe(422);
  });

  it('answers 401 without a session', async () => {
    const response = await t.agent().get('/api/account');
    expect(response.statusCode).toBe(401);
    expect(json(response).message).toBe('Du bist nicht angemeldet.');
  });

  it('validates the login form in German', async () => {
    const agent = t.agent();
    await agent.csrf();
    const response = await agent.post('/api/account/session', { email: '', password: '' });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual({
      email: ['Bitte gib deine E-Mail-Adresse ein.'],
      password: ['Bitte gib dein Passwort ein.'],
    });
  });

  it('ends a session after 30 days', async () => {
    const { agent } = await register(t);
    t.clock.advance(29 * 86_400_000);
    expect((await agent.get('/api/account')).statusCode).toBe(200);
    t.clock.advance(2 * 86_400_000);
    const expired = await agent.get('/api/account');
    expect(expired.statusCode).toBe(401);
    expect(json(expired).message).toBe('Du bist nicht angemeldet.');
    t.clock.set(new Date());
  });
});

describe('GET /api/account/session (the client’s session probe)', () => {
  it('answers a guest with 200 and no user, so a logged-out page load logs no error', async () => {
    const response = await t.agent().get('/api/account/session');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ data: null });
  });

  it('answers with the signed-in user, and with null once the session is gone', async () => {
    const { email, agent } = await register(t);
    const signedIn = await agent.get('/api/account/session');
    expect(signedIn.statusCode).toBe(200);
    expect(json<{ data: { email: string; verified: boolean } }>(signedIn).data).toMatchObject({
      email,
      verified: false,
    });
    expect(json(signedIn)).toEqual(json(await agent.get('/api/account')));

    expect((await agent.delete('/api/account/session')).statusCode).toBe(204);
    expect(json(await agent.get('/api/account/session'))).toEqual({ data: null });
  });
});
