// The per-account login limit counts by source network (src/server/auth/login-failures.ts):
// guessing stays slow from one network and spread over many, but someone who knows only the
// address cannot keep the owner out of a device they never used. Behind TRUST_PROXY=1 the
// client's address is X-Forwarded-For: documentation addresses (203.0.113.x, 198.51.100.x,
// 2001:db8::/32) in a header of app.inject, no traffic leaves the process.
import { describe, expect, it } from 'vitest';
import { sourceNetwork, waitAfterFailure } from '../../../src/server/auth/login-failures.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';

const t = await createTestApp({ config: { trustProxy: 1 } });

const LOCKED =
  'Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen. Melde dich auf einem Gerät an, mit dem du dich schon angemeldet hast, oder setze dein Passwort über „Passwort vergessen?“ zurück.';
const WAIT = (seconds: number) =>
  `Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen. Versuche es in ${seconds} Sekunden noch einmal, melde dich auf einem Gerät an, mit dem du dich schon angemeldet hast, oder setze dein Passwort über „Passwort vergessen?“ zurück.`;

/** A login from a new device at `address` (behind the proxy). */
async function login(address: string, email: string, password: string) {
  const device = t.agent();
  await device.csrf();
  return device.post('/api/account/session', { email, password }, { 'x-forwarded-for': address });
}

/** Wrong passwords from `address(i)` until its network is locked, waiting out every wait. */
async function failUntilLocked(email: string, address: (i: number) => string) {
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    const response = await login(address(i), email, `falsches-passwort-${i}`);
    if (response.statusCode === 422) seen.push('falsch');
    else if (json(response).message === LOCKED) return [...seen, 'gesperrt'];
    else {
      const seconds = Number(response.headers['retry-after']);
      expect([response.statusCode, json(response).message]).toEqual([429, WAIT(seconds)]);
      seen.push(`warten ${seconds}`);
      t.clock.advance(seconds * 1000);
    }
  }
  throw new Error('the network was never locked');
}

describe('login limit per account and network', () => {
  it('makes one failing network wait ever longer, then locks it; the owner on a new device elsewhere logs in', async () => {
    const { email } = await verifiedUser(t);
    const attacker = (i: number) => `203.0.113.${(i % 250) + 1}`;
    expect(await failUntilLocked(email, attacker)).toEqual([
      ...['falsch', 'falsch', 'falsch', 'falsch', 'falsch', 'falsch'],
      ...['warten 1', 'falsch', 'warten 2', 'falsch', 'warten 4', 'falsch', 'warten 8', 'falsch'],
      'gesperrt',
    ]);
    // The locked network gets nowhere, not even with the right password from another address in it.
    const locked = await login('203.0.113.251', email, PASSWORD);
    expect([locked.statusCode, json(locked).message]).toEqual([429, LOCKED]);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3000);

    // The owner, on a device never used, from another network: in.
    expect((await login('198.51.100.7', email, PASSWORD)).statusCode).toBe(200);

    // After a reset the attacker starts again, and again locks only its own network.
    const owner = t.agent();
    await owner.csrf();
    const from = { 'x-forwarded-for': '198.51.100.7' };
    expect((await owner.post('/api/account/password:forgot', { email }, from)).statusCode).toBe(202);
    const link = await t.mail.link(email, '/password/reset');
    const NEW = 'ein-neues-langes-passwort';
    const reset = { token: link.searchParams.get('token'), email, password: NEW, password_confirmation: NEW };
    expect((await owner.post('/api/account/password:reset', reset, from)).statusCode).toBe(200);
    expect((await failUntilLocked(email, attacker)).at(-1)).toBe('gesperrt');
    expect((await login('198.51.100.8', email, NEW)).statusCode).toBe(200);
    expect(json(await login('203.0.113.252', email, NEW)).message).toBe(LOCKED);
  });

  it('keeps guessing spread over many networks slow: past fifty failures every failed network waits, longer with every ten more', async () => {
    const { email } = await verifiedUser(t);
    const network = (n: number, host = 1) => `2001:db8:${n.toString(16)}::${host}`;
    for (let n = 0; n < 49; n++) {
      expect((await login(network(n), email, 'falsches-passwort')).statusCode).toBe(422);
    }
    // Below the account's mark, a network's second try is answered at once …
    expect((await login(network(0, 2), email, 'falsches-passwort')).statusCode).toBe(422);
    // … from the fiftieth failure on, it waits a minute, whatever the password.
    const waiting = await login(network(1, 2), email, PASSWORD);
    expect([waiting.statusCode, json(waiting).message, waiting.headers['retry-after']]).toEqual([
      429,
      WAIT(60),
      '60',
    ]);

    for (let n = 100; n < 110; n++) await login(network(n), email, 'falsches-passwort');
    const longer = await login(network(1, 3), email, 'falsches-passwort');
    expect([longer.statusCode, longer.headers['retry-after']]).toEqual([429, '120']);
    t.clock.advance(120_000);
    expect((await login(network(1, 4), email, 'falsches-passwort')).statusCode).toBe(422);

    // A network that has not failed is answered: the owner's new device gets in meanwhile.
    expect((await login('198.51.100.7', email, PASSWORD)).statusCode).toBe(200);
    expect((await login(network(200), email, 'falsches-passwort')).statusCode).toBe(422);
  });

  it('groups addresses by /24 and /48, and no wait grows past a quarter of an hour', () => {
    expect(sourceNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(sourceNetwork('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(sourceNetwork('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
    expect(sourceNetwork('2001:0db8:0001:ffff:0:0:0:1')).toBe('2001:db8:1::/48');
    expect(sourceNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(sourceNetwork('::1')).toBe('0:0:0::/48');
    expect(waitAfterFailure(5, 49)).toBe(0);
    expect(waitAfterFailure(9, 0)).toBe(8_000);
    expect(waitAfterFailure(1, 70)).toBe(240_000);
    expect(waitAfterFailure(1, 10_000)).toBe(15 * 60_000);
  });
});
