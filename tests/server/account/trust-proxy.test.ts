// Behind a configured proxy, the forwarded address is the client: throttles count per client.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { register } from '../helpers/accounts.ts';

const t = await createTestApp({ config: { trustProxy: '127.0.0.0/8' } });

describe('with TRUST_PROXY set to the proxy address', () => {
  it('keys the login throttle on the forwarded client, so other clients are not locked out', async () => {
    const { email } = await register(t);
    const proxy = t.agent();
    await proxy.csrf();
    const from = (client: string) => ({ 'x-forwarded-for': client });
    for (let i = 0; i < 5; i++) {
      await proxy.post('/api/account/session', { email, password: 'falsches-passwort' }, from('127.1.0.1'));
    }
    const blocked = await proxy.post(
      '/api/account/session',
      { email, password: 'falsches-passwort' },
      from('127.1.0.1'),
    );
    expect(blocked.statusCode).toBe(429);
    const other = await proxy.post(
      '/api/account/session',
      { email, password: 'falsches-passwort' },
      from('127.1.0.2'),
    );
    expect(other.statusCode).toBe(422);
  });
});
