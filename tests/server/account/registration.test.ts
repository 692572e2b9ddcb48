import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD } from '../helpers/accounts.ts';
import { isUniqueViolation } from '../../../src/server/db/database.ts';

const t = await createTestApp();

async function registerWith(fields: Record<string, unknown>) {
  const agent = t.agent();
  await agent.csrf();
  const body = {
    email: 'neu@example.org',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    privacy: true,
  };
  return { agent, response: await agent.post('/api/account', { ...body, ...fields }) };
}

describe('POST /api/account (registration)', () => {
  it('creates an unverified user, logs in and mails a verification link', async () => {
    const { agent, response } = await registerWith({ email: 'Anna@Example.org' });
    expect(response.statusCode).toBe(201);
    const body = json<{ verified: boolean; data: { email: string; verified: boolean; granted: boolean } }>(
      response,
    );
    expect(body.verified).toBe(false);
    expect(body.data).toMatchObject({ email: 'anna@example.org', verified: false, granted: false });
    expect((await agent.get('/api/account')).statusCode).toBe(200);
    const link = await t.mail.link('anna@example.org', '/email');
    expect(link.origin).toBe('http://studio.test');
    expect(link.searchParams.get('signature')).toMatch(/^[a-f0-9]{64}$/);
    const mail = (await t.mail.all()).at(-1)!;
    expect(mail.text).toContain('Bitte bestätige deine E-Mail-Adresse mit einem Klick auf diesen Link');
  });

  it('rejects a short password in German', async () => {
    const { response } = await registerWith({ password: 'kurz', password_confirmation: 'kurz' });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors?.password).toEqual(['Das Passwort muss mindestens 12 Zeichen lang sein.']);
  });

  it('rejects an unconfirmed password', async () => {
    const { response } = await registerWith({ password_confirmation: 'etwas-ganz-anderes' });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors?.password_confirmation).toEqual(['Die Passwörter stimmen nicht überein.']);
  });

  it('requires terms and privacy', async () => {
    const { response } = await registerWith({ terms: false, privacy: undefined, email: 'ohne@example.org' });
    expect(response.statusCode).toBe(422);
    const body = json(response);
    expect(body.errors?.terms).toEqual(['Bitte akzeptiere die Nutzungsbedingungen.']);
    expect(body.errors?.privacy).toEqual(['Bitte akzeptiere die Datenschutzerklärung.']);
    expect(body.message).toBe('Bitte akzeptiere die Nutzungsbedingungen. (und 1 weiterer Fehler)');
  });

  it('refuses a taken email, whatever its case', async () => {
    await registerWith({ email: 'doppelt@example.org' });
    const { response } = await registerWith({ email: 'DOPPELT@example.org' });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors?.email).toEqual(['Diese E-Mail-Adresse ist bereits registriert.']);
  });

  it('refuses an invalid email address', async () => {
    const { response } = await registerWith({ email: 'keine-adresse' });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors?.email).toEqual(['Bitte gib eine gültige E-Mail-Adresse ein.']);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const agent = t.agent();
    await agent.csrf();
    const response = await agent.post('/api/account', '{"email":', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Die Anfrage enthält kein gültiges JSON.');
  });

  it('grants lifetime access for a valid crowdfunding code, once', async () => {
    await t.db
      .insertInto('access_codes')
      .values({ code: 'ABCD-EF12-3456', note: null, created_at: new Date().toISOString() })
      .execute();
    const first = await registerWith({ email: 'unterstuetzerin@example.org', code: 'ABCD-EF12-3456' });
    expect(first.response.statusCode).toBe(201);
    expect(json<{ data: { granted: boolean } }>(first.response).data.granted).toBe(true);
    const second = await registerWith({ email: 'zweite@example.org', code: 'ABCD-EF12-3456' });
    expect(second.response.statusCode).toBe(422);
    expect(json(second.response).errors?.code).toEqual([
      'Dieser Zugangscode ist ungültig oder wurde bereits eingelöst.',
    ]);
    // The refused registration left no account behind.
    const login = await second.agent.post('/api/account/session', {
      email: 'zweite@example.org',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(422);
  });

  it('recognises the duplicate-address error of this database engine', async () => {
    await registerWith({ email: 'rennen@example.org' });
    const now = new Date().toISOString();
    const duplicate = {
      email: 'rennen@example.org',
      password_hash: 'x',
      role: 'user',
      email_verified_at: null,
      image_id: null,
      steady_user_email: null,
      name: null,
      created_at: now,
      updated_at: now,
    };
    const error = await t.db
      .insertInto('users')
      .values(duplicate)
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('anders'))).toBe(false);
  });
});
