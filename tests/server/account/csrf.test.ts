import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';

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
