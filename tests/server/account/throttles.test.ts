// Throttles hold against forged forwarding headers and concurrent requests.
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../../src/server/config.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { PASSWORD, register, verifiedUser } from '../helpers/accounts.ts';

const t = await createTestApp();

/** A new client; `remoteAddress` when it must be in a given network (default: an address of its own). */
async function guest(remoteAddress?: string) {
  const agent = t.agent(remoteAddress);
  await agent.csrf();
  return agent;
}

const tryLogin = (agent: Agent, email: string, password: string, headers?: Record<string, string>) =>
  agent.post('/api/account/session', { email, password }, headers);

describe('login throttle', () => {
  it('ignores X-Forwarded-For from a client that is not a configured proxy', async () => {
    const { email } = await register(t);
    const attacker = await guest();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const forged = { 'x-forwarded-for': `127.0.${i}.1` };
      statuses.push((await tryLogin(attacker, email, 'falsches-passwort', forged)).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
    const locked = await tryLogin(attacker, email, PASSWORD, { 'x-forwarded-for': '127.0.99.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toMatch(/^\d+$/);
    expect(json(locked).message).toMatch(
      /^Zu viele Versuche\. Bitte versuche es in \d+ Sekunden noch einmal\.$/,
    );
    // A forged header naming the victim's address does not lock the victim out either.
    const victim = await guest();
    expect((await tryLogin(victim, email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts concurrent wrong logins atomically', async () => {
    const { email } = await register(t);
    const attacker = await guest();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => tryLogin(attacker, email, 'falsches-passwort')),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('limits one client across many addresses', async () => {
    const attacker = await guest();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await tryLogin(attacker, `opfer${i}@example.org`, 'falsches-passwort')).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('password checks inside a session', () => {
  it('throttles wrong passwords for account deletion and password change', async () => {
    const { agent } = await verifiedUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await agent.delete('/api/account', { password: 'falsches-passwort' })).statusCode);
      statuses.push(
        (
          await agent.put('/api/account/password', {
            password_current: 'falsches-passwort',
            password: 'ein-neues-passwort',
            password_confirmation: 'ein-neues-passwort',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // The right password is refused too until the window ends: guessing stays slow.
    expect((await agent.delete('/api/account', { password: PASSWORD })).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await agent.delete('/api/account', { password: PASSWORD })).statusCode).toBe(204);
  });
});

describe('registration throttle', () => {
  it('slows down probing for taken addresses from one client', async () => {
    const { email } = await register(t);
    const prober = await guest();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await prober.post('/api/account', {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms: true,
        privacy: true,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default and refuses to trust every client', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toBe('10.0.0.1,10.0.0.0/8');
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=true/);
  });
});

describe('per-account login limit (src/server/auth/account-lock.ts)', () => {
  const LOCKED =
    'Für dieses Konto gab es zu viele fehlgeschlagene Anmeldungen. Melde dich auf einem Gerät an, mit dem du dich schon angemeldet hast, oder setze dein Passwort über „Passwort vergessen?“ zurück.';

  it(
    'stops password-only logins after wrong passwords from many clients of one network; a known device and the mailed reset link still get the owner in',
    { timeout: 60_000 },
    async () => {
      const { email } = await verifiedUser(t);
      // The owner's phone has logged in before: a known device.
      const phone = await guest();
      expect((await tryLogin(phone, email, PASSWORD)).statusCode).toBe(200);

      // An attacker spreads wrong passwords over many client addresses of one network, waiting
      // out the growing waits between them (src/server/auth/login-failures.ts). The network is
      // named: the agents' own addresses count on across test files and can cross a /24.
      const inNetwork = (host: number) => `127.77.1.${host}`;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        t.clock.advance(20_000);
        statuses.push(
          (await tryLogin(await guest(inNetwork(10 + i)), email, `falsches-passwort-${i}`)).statusCode,
        );
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses.slice(10)).toEqual([429, 429]);

      // Now even the right password from a new device in that network is refused, in German, with
      // Retry-After (another network is not: tests/server/account/account-lock.test.ts).
      const laptop = await guest(inNetwork(200));
      const refused = await tryLogin(laptop, email, PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toEqual({ message: LOCKED, errors: {} });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);

      // The known device logs in (the session was left on the phone: a fresh login there too).
      await phone.delete('/api/account/session');
      await phone.csrf();
      expect((await tryLogin(phone, email, PASSWORD)).statusCode).toBe(200);
      // … but not with a wrong password, and not with another user's device cookie.
      expect((await tryLogin(phone, email, 'falsches-passwort')).statusCode).toBe(422);
      const { email: other } = await verifiedUser(t);
      const otherDevice = await guest(inNetwork(201));
      expect((await tryLogin(otherDevice, other, PASSWORD)).statusCode).toBe(200);
      await otherDevice.delete('/api/account/session');
      await otherDevice.csrf();
      expect((await tryLogin(otherDevice, email, PASSWORD)).statusCode).toBe(429);

      // The mailed one-time reset link proves the mailbox: a password logs in again anywhere.
      expect((await laptop.post('/api/account/password:forgot', { email })).statusCode).toBe(202);
      const link = await t.mail.link(email, '/password/reset');
      const NEW = 'ein-neues-langes-passwort';
      const reset = await laptop.post('/api/account/password:reset', {
        token: link.searchParams.get('token'),
        email,
        password: NEW,
        password_confirmation: NEW,
      });
      expect(reset.statusCode).toBe(200);
      expect((await tryLogin(laptop, email, NEW)).statusCode).toBe(200);
    },
  );
});
