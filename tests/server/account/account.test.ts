import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, register, verifiedUser } from '../helpers/accounts.ts';

const t = await createTestApp();
type UserBody = {
  data: {
    name: string | null;
    email: string;
    verified: boolean;
    role: { key: string; trans: string };
    is_self: boolean;
  };
};

describe('/api/account', () => {
  it('returns the user with the entity fields of the spec', async () => {
    const { agent, email } = await register(t);
    const body = json<{ data: Record<string, unknown> }>(await agent.get('/api/account'));
    expect(body.data).toMatchObject({
      email,
      image: null,
      role: { key: 'user', trans: 'Nutzer*in' },
      verified: false,
      granted: false,
      profile: null,
      owned_podcasts: 0,
      num_coworkers: 0,
      is_self: true,
      steady_user_email: null,
    });
    expect(body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('updates the name and asks to confirm a changed address', async () => {
    const { agent, email } = await verifiedUser(t);
    const same = await agent.put('/api/account', { name: 'Mara Mikro', email });
    expect(json<UserBody>(same).data).toMatchObject({ name: 'Mara Mikro', verified: true });
    const mailsBefore = t.smtp.mails.length;
    const changed = await agent.put('/api/account', { name: 'Mara Mikro', email: `anders-${email}` });
    expect(json<UserBody>(changed).data).toMatchObject({ email: `anders-${email}`, verified: false });
    expect(t.smtp.mails.length).toBe(mailsBefore + 1);
  });

  it('refuses to take another user’s address', async () => {
    const other = await register(t);
    const { agent } = await register(t);
    const response = await agent.put('/api/account', { name: '', email: other.email });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors?.email).toEqual(['Diese E-Mail-Adresse ist bereits registriert.']);
  });

  it('deletes the account only with the current password', async () => {
    const { agent, email } = await register(t);
    const wrong = await agent.delete('/api/account', { password: 'nicht-das-passwort' });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).errors?.password).toEqual(['Das Passwort ist nicht korrekt.']);
    const missing = await agent.delete('/api/account', {});
    expect(json(missing).errors?.password).toEqual(['Bitte gib dein aktuelles Passwort ein.']);
    expect((await agent.get('/api/account')).statusCode).toBe(200);

    expect((await agent.delete('/api/account', { password: PASSWORD })).statusCode).toBe(204);
    expect((await agent.get('/api/account')).statusCode).toBe(401);
    const again = t.agent();
    await again.csrf();
    expect((await again.post('/api/account/session', { email, password: PASSWORD })).statusCode).toBe(422);
  });

  it('needs a session for every account call', async () => {
    const agent = t.agent();
    await agent.csrf();
    for (const [method, path] of [
      ['GET', '/api/account'],
      ['PUT', '/api/account'],
      ['DELETE', '/api/account'],
      ['PUT', '/api/account/password'],
      ['POST', '/api/account/profile'],
      ['POST', '/api/account/image'],
      ['POST', '/api/account/email:resend'],
      ['GET', '/api/account/podcasts'],
      ['GET', '/api/users/1'],
    ] as const) {
      const body =
        method === 'GET'
          ? undefined
          : method === 'POST' && path.endsWith('image')
            ? undefined
            : {
                name: 'x',
                email: 'x@example.org',
                password: 'x'.repeat(12),
                password_confirmation: 'x'.repeat(12),
                password_current: 'x',
                username: 'x',
              };
      const response = await agent.request(method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});
