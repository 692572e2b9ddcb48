import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, register, verifiedUser } from '../helpers/accounts.ts';
import { sha256 } from '../../../src/server/auth/tokens.ts';

const t = await createTestApp();
const NEW = 'ein-ganz-neues-passwort';

async function login(email: string, password: string) {
  const agent = t.agent();
  await agent.csrf();
  return { agent, response: await agent.post('/api/account/session', { email, password }) };
}

describe('PUT /api/account/password', () => {
  it('needs the current password and a confirmed new one of 12 characters', async () => {
    const { agent } = await verifiedUser(t);
    const wrong = await agent.put('/api/account/password', {
      password_current: 'falsch',
      password: NEW,
      password_confirmation: NEW,
    });
    expect(json(wrong).errors?.password_current).toEqual(['Das Passwort ist nicht korrekt.']);
    const short = await agent.put('/api/account/password', {
      password_current: PASSWORD,
      password: 'kurz',
      password_confirmation: 'kurz',
    });
    expect(json(short).errors?.password).toEqual(['Das Passwort muss mindestens 12 Zeichen lang sein.']);
    const unconfirmed = await agent.put('/api/account/password', {
      password_current: PASSWORD,
      password: NEW,
      password_confirmation: `${NEW}!`,
    });
    expect(json(unconfirmed).errors?.password_confirmation).toEqual([
      'Die Passwörter stimmen nicht überein.',
    ]);
  });

  it('changes it, keeps this device signed in and signs out the others', async () => {
    const { agent, email } = await verifiedUser(t);
    const { agent: otherDevice } = await login(email, PASSWORD);
    const changed = await agent.put('/api/account/password', {
      password_current: PASSWORD,
      password: NEW,
      password_confirmation: NEW,
    });
    expect(changed.statusCode).toBe(200);
    expect((await agent.get('/api/account')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/account')).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).response.statusCode).toBe(422);
    expect((await login(email, NEW)).response.statusCode).toBe(200);
  });
});

describe('Passwort vergessen', () => {
  it('mails a single-use link that sets a new password and ends all sessions', async () => {
    const { agent, email } = await verifiedUser(t);
    const anonymous = t.agent();
    await anonymous.csrf();
    const forgot = await anonymous.post('/api/account/password:forgot', { email });
    expect(forgot.statusCode).toBe(202);
    const link = await t.mail.link(email, '/password/reset');
    expect(link.searchParams.get('email')).toBe(email);
    const body = { token: link.searchParams.get('token'), email, password: NEW, password_confirmation: NEW };
    const reset = await anonymous.post('/api/account/password:reset', body);
    expect(reset.statusCode).toBe(200);
    expect((await agent.get('/api/account')).statusCode).toBe(401);
    expect((await login(email, NEW)).response.statusCode).toBe(200);
    const reused = await anonymous.post('/api/account/password:reset', {
      ...body,
      password: 'noch-ein-passwort',
      password_confirmation: 'noch-ein-passwort',
    });
    expect(reused.statusCode).toBe(422);
    expect(json(reused).message).toMatch(/ungültig oder abgelaufen/);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const anonymous = t.agent();
    await anonymous.csrf();
    const before = (await t.mail.all()).length;
    const response = await anonymous.post('/api/account/password:forgot', { email: 'unbekannt@example.org' });
    expect(response.statusCode).toBe(202);
    expect(json(response).message).toMatch(/^Wenn es ein Konto/);
    expect((await t.mail.all()).length).toBe(before);
  });

  it('refuses an expired link', async () => {
    const { email, id } = await register(t);
    await t.db
      .insertInto('password_resets')
      .values({
        token_hash: sha256('abgelaufen'),
        user_id: id,
        expires_at: new Date(t.clock.now().getTime() - 1000).toISOString(),
        used_at: null,
      })
      .execute();
    const anonymous = t.agent();
    await anonymous.csrf();
    const response = await anonymous.post('/api/account/password:reset', {
      token: 'abgelaufen',
      email,
      password: NEW,
      password_confirmation: NEW,
    });
    expect(response.statusCode).toBe(422);
    expect((await login(email, PASSWORD)).response.statusCode).toBe(200);
  });

  async function resetLink(email: string) {
    const anonymous = t.agent();
    await anonymous.csrf();
    expect((await anonymous.post('/api/account/password:forgot', { email })).statusCode).toBe(202);
    return { anonymous, link: await t.mail.link(email, '/password/reset') };
  }

  it('changes the password once when the same link is sent many times at once', async () => {
    const { email } = await verifiedUser(t);
    const { link } = await resetLink(email);
    const token = link.searchParams.get('token');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const client = t.agent();
        await client.csrf();
        const password = `parallel-passwort-${i}`;
        const response = await client.post('/api/account/password:reset', {
          token,
          email,
          password,
          password_confirmation: password,
        });
        return { status: response.statusCode, password };
      }),
    );
    const won = attempts.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 422)).toHaveLength(7);
    expect((await login(email, won[0]!.password)).response.statusCode).toBe(200);
  });

  it('voids an outstanding link once the password is changed in the settings', async () => {
    const { agent, email } = await verifiedUser(t);
    const { anonymous, link } = await resetLink(email);
    await agent.put('/api/account/password', {
      password_current: PASSWORD,
      password: NEW,
      password_confirmation: NEW,
    });
    const response = await anonymous.post('/api/account/password:reset', {
      token: link.searchParams.get('token'),
      email,
      password: 'noch-ein-passwort',
      password_confirmation: 'noch-ein-passwort',
    });
    expect(response.statusCode).toBe(422);
    expect((await login(email, NEW)).response.statusCode).toBe(200);
  });

  it('confirms the address of an unconfirmed account, since the link proves it', async () => {
    const { agent, email } = await register(t);
    const { anonymous, link } = await resetLink(email);
    await anonymous.post('/api/account/password:reset', {
      token: link.searchParams.get('token'),
      email,
      password: NEW,
      password_confirmation: NEW,
    });
    expect((await agent.get('/api/account')).statusCode).toBe(401);
    const { agent: again } = await login(email, NEW);
    expect(json<{ data: { verified: boolean } }>(await again.get('/api/account')).data.verified).toBe(true);
  });

  it('throttles forgot per address, whichever client asks', async () => {
    const { email } = await verifiedUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const client = t.agent();
      await client.csrf();
      statuses.push(
        (
          await client.post(
            '/api/account/password:forgot',
            { email },
            { 'x-forwarded-for': `127.0.0.${i + 10}` },
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect((await t.mail.to(email)).length).toBe(1 + 3);
  });

  it('throttles reset attempts with wrong tokens', async () => {
    const { email } = await verifiedUser(t);
    const client = t.agent();
    await client.csrf();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await client.post('/api/account/password:reset', {
        token: `geraten-${i}`,
        email,
        password: NEW,
        password_confirmation: NEW,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
