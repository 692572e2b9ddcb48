// POST /api/account/password:check: the reset page asks whether its link is still usable.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register } from '../helpers/accounts.ts';
import { sha256 } from '../../../src/server/auth/tokens.ts';

const t = await createTestApp();
const NEW = 'ein-ganz-neues-passwort';
const INVALID = {
  message: 'Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Fordere bitte einen neuen an.',
  errors: { token: ['Der Link zum Zurücksetzen ist ungültig oder abgelaufen.'] },
};

async function anonymous() {
  const agent = t.agent();
  await agent.csrf();
  return agent;
}

async function mailedToken(email: string) {
  const agent = await anonymous();
  expect((await agent.post('/api/account/password:forgot', { email })).statusCode).toBe(202);
  return (await t.mail.link(email, '/password/reset')).searchParams.get('token')!;
}

describe('POST /api/account/password:check', () => {
  it('says a fresh link is valid, and after its use answers exactly like the reset route', async () => {
    const { email } = await register(t);
    const token = await mailedToken(email);
    const agent = await anonymous();

    const fresh = await agent.post('/api/account/password:check', { token, email });
    expect(fresh.statusCode).toBe(200);
    expect(json(fresh)).toEqual({ message: 'Der Link ist gültig.' });
    // Checking does not use the link up.
    expect((await agent.post('/api/account/password:check', { token, email })).statusCode).toBe(200);

    const reset = await agent.post('/api/account/password:reset', {
      token,
      email,
      password: NEW,
      password_confirmation: NEW,
    });
    expect(reset.statusCode).toBe(200);

    const used = await agent.post('/api/account/password:check', { token, email });
    expect(used.statusCode).toBe(422);
    expect(json(used)).toEqual(INVALID);
    const reused = await agent.post('/api/account/password:reset', {
      token,
      email,
      password: NEW,
      password_confirmation: NEW,
    });
    expect(json(reused)).toEqual(json(used));
  });

  it('refuses a token of another address, an unknown token and an expired one', async () => {
    const { email, id } = await register(t);
    const other = await register(t);
    const token = await mailedToken(email);
    await t.db
      .insertInto('password_resets')
      .values({
        token_hash: sha256('abgelaufen'),
        user_id: id,
        expires_at: new Date(t.clock.now().getTime() - 1000).toISOString(),
        used_at: null,
      })
      .execute();
    const agent = await anonymous();
    for (const body of [
      { token, email: other.email },
      { token: 'gibt-es-nicht', email },
      { token: 'abgelaufen', email },
    ]) {
      const response = await agent.post('/api/account/password:check', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(json(response)).toEqual(INVALID);
    }
  });

  it('is throttled together with the reset route', async () => {
    // An app of its own: the throttle counts per IP, and the tests above used some.
    const own = await createTestApp();
    const { email } = await register(own);
    const agent = own.agent();
    await agent.csrf();
    const check = () => agent.post('/api/account/password:check', { token: 'falsch', email });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await check()).statusCode);
    expect(statuses).toEqual(Array(10).fill(422));
    const throttled = await check();
    expect(throttled.statusCode).toBe(429);
    expect(json(throttled).message).toMatch(/^Zu viele Versuche\. Bitte versuche es in \d+ Sekunden/);
    expect(throttled.headers['retry-after']).toBeDefined();
    const reset = await agent.post('/api/account/password:reset', {
      token: 'falsch',
      email,
      password: NEW,
      password_confirmation: NEW,
    });
    expect(reset.statusCode).toBe(429);
  });
});
