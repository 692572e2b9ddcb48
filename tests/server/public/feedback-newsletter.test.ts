// Feedback (stored with its page, read in /nova) and the newsletter's double opt-in by mail.
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_SENT } from '../../../src/shared/newsletter.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp({ seed: true });

describe('feedback', () => {
  it('stores a signed-in user’s feedback with the page, and the panel lists it', async () => {
    const user = await verifiedUser(t);
    const sent = await user.agent.post('/api/feedback', {
      message: 'Die Methodenliste gefällt mir sehr.',
      page: '/app/practices/list',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('Danke für dein Feedback!');

    const editor = await verifiedUser(t);
    await t.db.updateTable('users').set({ role: 'editor' }).where('id', '=', editor.id).execute();
    const listed = (await editor.agent.get('/api/nova/feedback')).json().data[0];
    expect(listed).toMatchObject({
      email: user.email,
      message: 'Die Methodenliste gefällt mir sehr.',
      page: '/app/practices/list',
    });
  });

  it('takes a guest’s feedback and refuses an empty message in German', async () => {
    const guest = t.agent();
    await guest.csrf();
    const empty = await guest.post('/api/feedback', { message: '  ', page: '/' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.message).toEqual(['Bitte schreib uns, was dir auf dem Herzen liegt.']);
    const sent = await guest.post('/api/feedback', {
      message: 'Hallo!',
      page: '/project',
      email: 'Gast@Example.org',
    });
    expect(sent.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('feedback')
      .selectAll()
      .where('message', '=', 'Hallo!')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, email: 'gast@example.org', page: '/project' });
  });
});

describe('newsletter double opt-in', () => {
  const confirmed = (email: string) =>
    t.db
      .selectFrom('newsletter_signups')
      .select('confirmed_at')
      .where('email', '=', email)
      .executeTakeFirst();

  it('counts an address only after the mailed link, which works once more harmlessly', async () => {
    const guest = t.agent();
    await guest.csrf();
    const email = `leser-${Date.now()}@example.org`;
    const signup = await guest.post('/api/newsletter', { email });
    expect(signup.statusCode).toBe(202);
    expect(signup.json().message).toBe(NEWSLETTER_SENT);
    expect((await confirmed(email))?.confirmed_at).toBeNull();

    const link = await t.mail.link(email, '/newsletter/confirm');
    expect(link.origin).toBe('http://studio.test');
    const token = link.searchParams.get('token')!;
    const confirm = await guest.post('/api/newsletter:confirm', { token });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe('Danke! Deine Anmeldung zum Newsletter ist bestätigt.');
    expect((await confirmed(email))?.confirmed_at).toEqual(expect.any(String));

    // Signing up again changes nothing and sends no new mail; the answer is the same.
    const mails = (await t.mail.to(email)).length;
    expect((await guest.post('/api/newsletter', { email })).json().message).toBe(NEWSLETTER_SENT);
    expect(await t.mail.to(email)).toHaveLength(mails);
  });

  it('refuses a wrong token, and only the newest mail’s link works', async () => {
    const guest = t.agent();
    await guest.csrf();
    const email = `zweimal-${Date.now()}@example.org`;
    await guest.post('/api/newsletter', { email });
    const first = (await t.mail.link(email, '/newsletter/confirm')).searchParams.get('token')!;
    await guest.post('/api/newsletter', { email });
    const second = (await t.mail.link(email, '/newsletter/confirm')).searchParams.get('token')!;
    expect(second).not.toBe(first);
    const stale = await guest.post('/api/newsletter:confirm', { token: first });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe('Dieser Bestätigungslink ist ungültig oder veraltet.');
    expect((await guest.post('/api/newsletter:confirm', { token: 'x'.repeat(43) })).statusCode).toBe(404);
    expect((await guest.post('/api/newsletter:confirm', { token: second })).statusCode).toBe(200);
  });

  it('throttles sign-up mails to one address', async () => {
    const guest = t.agent();
    await guest.csrf();
    const email = `oft-${Date.now()}@example.org`;
    for (let i = 0; i < 3; i++) expect((await guest.post('/api/newsletter', { email })).statusCode).toBe(202);
    const fourth = await guest.post('/api/newsletter', { email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(await t.mail.to(email)).toHaveLength(3);
  });
});
