// Shortcuts for tests that need a registered (and verified) user.
import type { Agent } from './agent.ts';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'ein-langes-passwort';
let counter = 0;

export async function register(
  t: TestApp,
  email = `user${++counter}-${Date.now()}@example.org`,
  agent = t.agent(),
) {
  await agent.csrf();
  const response = await agent.post('/api/account', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    privacy: true,
  });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return { agent, email, id: (response.json() as { data: { id: number } }).data.id };
}

/** Registers and follows the mailed verification link. */
export async function verifiedUser(t: TestApp, email?: string, agent?: Agent) {
  const user = await register(t, email, agent);
  const link = await t.mail.link(user.email, '/email');
  const p = link.searchParams;
  const response = await user.agent.get(
    `/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`,
  );
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.body}`);
  return user;
}
