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

  it('updates the name without a password', async () => {
    const { agent, email } = await verifiedUser(t);
    const same = await agent.put('/api/account', { name: 'Mara Mikro', email });
    expect(same.statusCode).toBe(200);
    expect(json<UserBody>(same).data).toMatchObject({ name: 'Mara Mikro', email, verified: true });
  });

  it('changes the address only with the password, tells the old one, and keeps it until confirmed', async () => {
    const { agent, email } = await verifiedUser(t);
    const next = `neu-${email}`;
    const missing = await agent.put('/api/account', { name: '', email: next });
    expect(missing.statusCode).toBe(422);
    expect(json(missing).errors?.password_current).toEqual(['Bitte gib dein aktuelles Passwort ein.']);
    const wrong = await agent.put('/api/account', {
      name: '',
      email: next,
      password_current: 'falsch-falsch-falsch',
    });
    expect(json(wrong).errors?.password_current).toEqual(['Das Passwort ist nicht korrekt.']);

    const changed = await agent.put('/api/account', { name: '', email: next, password_current: PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(json<UserBody & { data: { pending_email: string } }>(changed).data).toMatchObject({
      email,
      pending_email: next,
      verified: true,
    });
    const notice = (await t.mail.to(email)).at(-1)!;
    expect(notice.text).toContain(`die E-Mail-Adresse in ${next} zu ändern`);
    // The old address still logs in until the new one is confirmed.
    const old = t.agent();
    await old.csrf();
    expect((await old.post('/api/account/session', { email, password: PASSWORD })).statusCode).toBe(200);

    const link = await t.mail.link(next, '/email');
    const p = link.searchParams;
    const confirmed = await t
      .agent()
      .get(
        `/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`,
      );
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed).message).toBe('Deine neue E-Mail-Adresse ist bestätigt.');
    expect(json<UserBody>(await agent.get('/api/account')).data).toMatchObject({
      email: next,
      verified: true,
    });
    const fresh = t.agent();
    await fresh.csrf();
    expect((await fresh.post('/api/account/session', { email: next, password: PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await fresh.post('/api/account/session', { email, password: PASSWORD })).statusCode).toBe(422);
  });

  it('lets an unconfirmed account correct its address at once', async () => {
    const { agent, email } = await register(t);
    const corrected = `richtig-${email}`;
    const response = await agent.put('/api/account', {
      name: '',
      email: corrected,
      password_current: PASSWORD,
    });
    expect(json<UserBody>(response).data).toMatchObject({ email: corrected, verified: false });
    expect((await t.mail.link(corrected, '/email')).pathname).toBe('/email');
  });

  it('throttles the mails of switching addresses back and forth', async () => {
    const { agent, email } = await verifiedUser(t);
    const before = (await t.mail.all()).length;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const target = `${'abc'[i % 3]}-${email}`;
      statuses.push(
        (await agent.put('/api/account', { name: '', email: target, password_current: PASSWORD })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Three changes: each mails the new address and warns the old one.
    expect((await t.mail.all()).length - before).toBe(6);
  });

  it('refuses to take another user’s address', async () => {
    const other = await register(t);
    const { agent } = await register(t);
    const response = await agent.put('/api/account', {
      name: '',
      email: other.email,
      password_current: PASSWORD,
    });
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
