// A device's push subscription through the API: who may, what is refused (in German, 4xx), and
// that an endpoint is one device of one user. The public VAPID key, and that every process and
// every restart on one database signs with the same key pair.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { secret } from '../../../src/server/auth/secrets.ts';
import { VAPID_SECRET } from '../../../src/server/push/vapid.ts';
import { DEVICES_PER_USER } from '../../../src/server/push/push-routes.ts';
import { startFakePush, type FakePush } from '../../support/fake-push.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let fake: FakePush;
beforeAll(async () => {
  fake = await startFakePush();
  t = await createTestApp({
    config: {
      push: { ...loadConfig({}).push, allowedHosts: [new URL(fake.url).host], onlyAllowedHosts: true },
    },
  });
});
afterAll(() => fake.close());

const PATH = '/api/account/push-subscriptions';
const rows = (endpoint: string) =>
  t.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();

describe('the public VAPID key', { timeout: 30_000 }, () => {
  it('is for verified users only, and is an uncompressed P-256 point', async () => {
    expect((await t.agent().get('/api/push/key')).statusCode).toBe(401);
    const unverified = await register(t);
    const refused = await unverified.agent.get('/api/push/key');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Bitte bestätige zuerst deine E-Mail-Adresse.');
    const user = await verifiedUser(t);
    const response = await user.agent.get('/api/push/key');
    expect(response.statusCode).toBe(200);
    const key = Buffer.from(response.json().data.public_key as string, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('stays the same across a restart and for two processes starting at once on one database', async () => {
    const key = async (app: { inject: TestApp['app']['inject'] }, agentOf: TestApp) => {
      const user = await verifiedUser(agentOf);
      const response = await app.inject({
        method: 'GET',
        url: '/api/push/key',
        headers: { cookie: [...user.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      return response.json().data.public_key as string;
    };
    const first = await key(t.app, t);
    // A restart: a new process on the same database. It reads the pair and makes none (making
    // one loads web-push and generates keys: time a restart would spend for nothing).
    let made = 0;
    const kept = await secret(t.db, VAPID_SECRET, () => {
      made++;
      return 'unused';
    });
    expect(JSON.parse(kept).publicKey).toBe(first);
    expect(made).toBe(0);
    const restarted = await buildApp(t.config, { logger: false, clock: t.clock });
    expect(await key(restarted.app, t)).toBe(first);
    await restarted.app.close();

    // A database without keys yet, and two processes starting at the same moment: one pair.
    await t.db.deleteFrom('secrets').where('key', '=', VAPID_SECRET).execute();
    const [a, b] = await Promise.all([
      buildApp(t.config, { logger: false, clock: t.clock }),
      buildApp(t.config, { logger: false, clock: t.clock }),
    ]);
    try {
      const ka = await key(a.app, t);
      expect(ka).not.toBe(first);
      expect(await key(b.app, t)).toBe(ka);
      const stored = await t.db
        .selectFrom('secrets')
        .select('value')
        .where('key', '=', VAPID_SECRET)
        .execute();
      expect(stored.map((s) => JSON.parse(s.value).publicKey)).toEqual([ka]);
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});

describe('subscribing a device', { timeout: 30_000 }, () => {
  it('needs a verified session and the CSRF token', async () => {
    const device = fake.device();
    const guest = t.agent();
    await guest.csrf();
    expect((await guest.post(PATH, device.subscription)).statusCode).toBe(401);
    const unverified = await register(t);
    expect((await unverified.agent.post(PATH, device.subscription)).statusCode).toBe(403);
    const user = await verifiedUser(t);
    const withoutToken = await user.agent.post(PATH, device.subscription, { 'x-xsrf-token': '' });
    expect(withoutToken.statusCode).toBe(419);
    expect(await rows(device.subscription.endpoint)).toEqual([]);
    const ok = await user.agent.post(PATH, device.subscription);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Benachrichtigungen sind auf diesem Gerät eingeschaltet.');
    expect((await rows(device.subscription.endpoint)).map((r) => r.user_id)).toEqual([user.id]);
  });

  it('refuses broken subscriptions with German messages per field', async () => {
    const user = await verifiedUser(t);
    const good = fake.device().subscription;
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: 'kein link' }, 'endpoint', 'Diese Push-Adresse ist ungültig.'],
      [{ ...good, endpoint: '' }, 'endpoint', 'Diese Push-Adresse ist ungültig.'],
      [
        { ...good, endpoint: `https://fcm.googleapis.com/${'x'.repeat(2100)}` },
        'endpoint',
        'Diese Push-Adresse ist ungültig.',
      ],
      // Plain http only for an allowed host (the tests' loopback fake).
      [
        { ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' },
        'endpoint',
        'Push-Adressen müssen mit https:// beginnen.',
      ],
      [{ ...good, endpoint: 'ftp://127.0.0.1/x' }, 'endpoint', 'Push-Adressen müssen mit https:// beginnen.'],
      // Loopback but not the allowed host (private and metadata addresses: endpoint-policy.test.ts,
      // a unit test of the classification; the network rule keeps other addresses out of here).
      [
        { ...good, endpoint: 'https://127.0.0.2/push/x' },
        'endpoint',
        'An diese Adresse dürfen wir keine Benachrichtigungen senden.',
      ],
      [
        { ...good, keys: { ...good.keys, p256dh: 'abc' } },
        'keys.p256dh',
        'Der Schlüssel (p256dh) ist ungültig.',
      ],
      // The right length and form, but not a point on the curve.
      [
        { ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } },
        'keys.p256dh',
        'Der Schlüssel (p256dh) ist ungültig.',
      ],
      [
        { ...good, keys: { ...good.keys, auth: good.keys.auth.slice(1) } },
        'keys.auth',
        'Das Geheimnis (auth) ist ungültig.',
      ],
      [
        { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } },
        'keys.auth',
        'Das Geheimnis (auth) ist ungültig.',
      ],
      [{ endpoint: good.endpoint }, 'keys', 'Der Schlüssel (p256dh) ist ungültig.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await user.agent.post(PATH, body as Record<string, unknown>);
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(json(response).errors?.[field]).toEqual([message]);
    }
    expect(await rows(good.endpoint)).toEqual([]);
    const notJson = await user.agent.post(PATH, 'endpoint=x', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
  });

  it('updates a subscribed endpoint, hands it to whoever subscribes it next from the same device, and refuses a takeover', async () => {
    const anna = await verifiedUser(t);
    const ben = await verifiedUser(t);
    const device = fake.device();
    const { endpoint } = device.subscription;
    expect((await anna.agent.post(PATH, device.subscription)).statusCode).toBe(200);
    const renewed = { ...device.subscription, keys: fake.device().subscription.keys };
    expect((await anna.agent.post(PATH, renewed)).statusCode).toBe(200);
    let stored = await rows(endpoint);
    expect(stored.map((r) => [r.user_id, r.p256dh, r.auth])).toEqual([
      [anna.id, renewed.keys.p256dh, renewed.keys.auth],
    ]);

    // Eve knows the endpoint's URL, not the device's keys: she cannot take it over.
    const eve = await verifiedUser(t);
    const takeover = await eve.agent.post(PATH, { ...renewed, keys: fake.device().subscription.keys });
    expect(takeover.statusCode).toBe(409);
    expect(json(takeover)).toEqual({
      message: 'Diese Push-Adresse gehört zu einem anderen Gerät.',
      errors: { endpoint: ['Diese Push-Adresse gehört zu einem anderen Gerät.'] },
    });
    stored = await rows(endpoint);
    expect(stored.map((r) => [r.user_id, r.p256dh, r.auth])).toEqual([
      [anna.id, renewed.keys.p256dh, renewed.keys.auth],
    ]);

    // Ben logs in on Anna's phone and turns notifications on: the same keys, the same device,
    // so it is his now.
    expect((await ben.agent.post(PATH, renewed)).statusCode).toBe(200);
    stored = await rows(endpoint);
    expect(stored.map((r) => r.user_id)).toEqual([ben.id]);

    // Anna can no longer switch it off; Ben can. Unknown endpoints answer the same.
    const annaOff = await anna.agent.delete(PATH, { endpoint });
    expect(annaOff.statusCode).toBe(200);
    expect(await rows(endpoint)).toHaveLength(1);
    const benOff = await ben.agent.delete(PATH, { endpoint });
    expect(benOff.statusCode).toBe(200);
    expect(benOff.json().message).toBe('Benachrichtigungen sind auf diesem Gerät ausgeschaltet.');
    expect(await rows(endpoint)).toEqual([]);
    expect((await ben.agent.delete(PATH, { endpoint })).statusCode).toBe(200);
    expect((await ben.agent.delete(PATH, {})).statusCode).toBe(422);
    // One text schema on both databases: a control character is refused before either sees it.
    const control = await ben.agent.delete(PATH, { endpoint: `${endpoint}\u0000` });
    expect(control.statusCode).toBe(422);
    expect(json(control).errors).toEqual({ endpoint: ['Der Text enthält unzulässige Steuerzeichen.'] });
    expect((await t.agent().delete(PATH, { endpoint })).statusCode).toBe(419);
  });

  it(`keeps the ${DEVICES_PER_USER} most recent devices of a user`, async () => {
    const user = await verifiedUser(t);
    const devices = Array.from({ length: DEVICES_PER_USER + 2 }, () => fake.device());
    for (const device of devices) {
      t.clock.advance(1000);
      expect((await user.agent.post(PATH, device.subscription)).statusCode).toBe(200);
    }
    const kept = await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', user.id)
      .execute();
    expect(kept.map((k) => k.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((d) => d.subscription.endpoint)
        .sort(),
    );
  });
});
