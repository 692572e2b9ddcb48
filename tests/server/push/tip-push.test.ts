// New tips reach the subscribed devices of the podcast's active members through a push service
// (the local fake, which checks VAPID and decrypts like a browser would), only for Pro podcasts,
// after the request that caused them; expired subscriptions (410) are removed, others kept.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '../../../src/shared/push.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { evaluateTips } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { queueTipPush } from '../../../src/server/push/push-queue.ts';
import { startFakePush, type FakeDevice, type FakePush } from '../../support/fake-push.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { busyWait } from '../helpers/busy-wait.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';

let t: TestApp;
let fake: FakePush;
let serverKey: string;
beforeAll(async () => {
  fake = await startFakePush();
  t = await createTestApp({
    config: {
      push: { ...loadConfig({}).push, allowedHosts: [new URL(fake.url).host], onlyAllowedHosts: true },
    },
  });
  await addCategories(t);
  const someone = await verifiedUser(t);
  serverKey = (await someone.agent.get('/api/push/key')).json().data.public_key;
});
afterAll(() => fake.close());

const DAY = 86_400_000;

/** A device of `agent`'s user, subscribed through the API like the PWA does. */
async function subscribedDevice(agent: Agent): Promise<FakeDevice> {
  const device = fake.device(serverKey);
  const response = await agent.post('/api/account/push-subscriptions', device.subscription);
  expect(response.statusCode, response.body).toBe(200);
  return device;
}

const payloads = (device: FakeDevice) => device.messages().map((m) => JSON.parse(m) as PushPayload);

const tipsOf = (podcastId: number) =>
  t.db
    .selectFrom('assistances')
    .select(['id', 'subject'])
    .where('podcast_id', '=', podcastId)
    .orderBy('id')
    .execute();

/** A podcast whose creation's tips are made and pushed already, so a test starts from quiet. */
async function quietPodcast(agent: Agent, title: string) {
  const podcast = await createPodcast(agent, { title });
  await vi.waitFor(async () => expect((await tipsOf(podcast.id)).length).toBeGreaterThanOrEqual(2), busyWait);
  await t.ctx.push.drain();
  return podcast;
}

describe('pushing new tips', { timeout: 30_000 }, () => {
  it('sends each new tip of a Pro podcast to every device of its active members, encrypted', async () => {
    const owner = await verifiedUser(t);
    const editor = await verifiedUser(t);
    const former = await verifiedUser(t);
    const stranger = await verifiedUser(t);
    const podcast = await quietPodcast(owner.agent, 'Pushfunk');
    const other = await quietPodcast(stranger.agent, 'Nachbarfunk');
    await addMember(t, podcast.id, editor.id, 'editor');
    await addMember(t, podcast.id, former.id, 'editor', 0);

    const ownerPhone = await subscribedDevice(owner.agent);
    const ownerLaptop = await subscribedDevice(owner.agent);
    const editorPhone = await subscribedDevice(editor.agent);
    const formerPhone = await subscribedDevice(former.agent);
    const strangerPhone = await subscribedDevice(stranger.agent);

    // A week on without a strategy: the rules speak up again (strategy-missing and more).
    await t.db
      .updateTable('podcasts')
      .set({ created_at: new Date(t.clock.now().getTime() - 8 * DAY).toISOString() })
      .where('id', 'in', [podcast.id, other.id])
      .execute();
    const before = new Set((await tipsOf(podcast.id)).map((tip) => tip.id));
    const created = await evaluateTips(t.ctx, podcast.id);
    expect(created.length).toBeGreaterThan(0);
    await t.ctx.push.drain();

    const tips = (await tipsOf(podcast.id)).filter((tip) => !before.has(tip.id));
    const expected = tips.map((tip) => ({ title: tip.subject, url: `/app/assistances/${tip.id}` }));
    for (const device of [ownerPhone, ownerLaptop, editorPhone]) {
      const got = payloads(device);
      expect(got.map((p) => ({ title: p.title, url: p.url })).sort(byUrl)).toEqual(expected.sort(byUrl));
      for (const p of got) {
        expect(p.body.startsWith('Pushfunk: ')).toBe(true);
        expect(p.body.length).toBeLessThanOrEqual(140);
        expect(p.tag).toBe(`tip-${p.url.split('/').pop()}`);
      }
    }
    expect(payloads(formerPhone)).toEqual([]);
    expect(payloads(strangerPhone)).toEqual([]);
    // Every push the service saw passed its checks (VAPID, TTL, aes128gcm) and was accepted.
    expect(fake.deliveries.filter((d) => d.status !== 201 && d.status !== 410)).toEqual([]);
    expect(new Set(fake.deliveries.map((d) => d.ttl))).toEqual(new Set([86400]));

    // Once per tip: the sweep and other processes find nothing more to send.
    await evaluateTips(t.ctx, podcast.id);
    await t.ctx.push.drain();
    expect(payloads(ownerPhone)).toHaveLength(expected.length);
  });

  it('pushes nothing for a Basic podcast', async () => {
    const owner = await verifiedUser(t);
    const podcast = await quietPodcast(owner.agent, 'Basisfunk');
    const phone = await subscribedDevice(owner.agent);
    const [tip] = await tipsOf(podcast.id);
    // The trial ended: Basic. No rule runs, and a tip still waiting to be pushed is not sent.
    await t.db
      .updateTable('podcasts')
      .set({ created_at: new Date(t.clock.now().getTime() - 40 * DAY).toISOString() })
      .where('id', '=', podcast.id)
      .execute();
    expect(await evaluateTips(t.ctx, podcast.id)).toEqual([]);
    await t.db.deleteFrom('push_queue').where('assistance_id', '=', tip!.id).execute();
    await queueTipPush(t.db, tip!.id, t.clock.now());
    await t.ctx.push.drain();
    expect(phone.messages()).toEqual([]);
    const job = await t.db
      .selectFrom('push_queue')
      .select('sent_at')
      .where('assistance_id', '=', tip!.id)
      .executeTakeFirstOrThrow();
    expect(job.sent_at).not.toBeNull();

    // Lifetime access of the owner makes it Pro again: the same kind of job is sent.
    await t.db.updateTable('users').set({ granted: 1 }).where('id', '=', owner.id).execute();
    await t.db.deleteFrom('push_queue').where('assistance_id', '=', tip!.id).execute();
    await queueTipPush(t.db, tip!.id, t.clock.now());
    await t.ctx.push.drain();
    expect(payloads(phone).map((p) => p.title)).toEqual([tip!.subject]);
  });

  it('removes a subscription the push service calls gone (410) and keeps one it refuses otherwise', async () => {
    const owner = await verifiedUser(t);
    const podcast = await quietPodcast(owner.agent, 'Ablauffunk');
    const expired = await subscribedDevice(owner.agent);
    const alive = await subscribedDevice(owner.agent);
    // Made for another server's key: the push service refuses our pushes to it (403).
    const foreign = fake.device(
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    );
    expect((await owner.agent.post('/api/account/push-subscriptions', foreign.subscription)).statusCode).toBe(
      200,
    );
    fake.gone(expired.subscription.endpoint);

    await t.db.deleteFrom('assistances').where('podcast_id', '=', podcast.id).execute();
    await evaluateTips(t.ctx, podcast.id);
    await t.ctx.push.drain();

    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', owner.id)
      .execute();
    expect(left.map((l) => l.endpoint).sort()).toEqual(
      [alive.subscription.endpoint, foreign.subscription.endpoint].sort(),
    );
    expect(payloads(alive).length).toBeGreaterThan(0);
    expect(
      fake.deliveries.some((d) => d.endpoint === foreign.subscription.endpoint && d.status === 403),
    ).toBe(true);
  });

  it('answers the request that caused a tip while the tip’s push is still on its way', async () => {
    const owner = await verifiedUser(t);
    const phone = await subscribedDevice(owner.agent);
    const hold = fake.hold(phone.subscription.endpoint);
    // Creating a podcast causes its first tips; the push service does not answer yet.
    const podcast = await createPodcast(owner.agent, { title: 'Wartefunk' });
    await vi.waitFor(() => expect(hold.arrived()).toBe(true), busyWait);
    // The podcast was answered (201 above) while the push still waits for the push service.
    expect(phone.messages()).toEqual([]);
    hold.release();
    await vi.waitFor(async () => {
      await t.ctx.push.drain();
      expect(payloads(phone).map((p) => p.title)).toContain('Willkommen im Studio, Wartefunk!');
    }, busyWait);
    expect((await tipsOf(podcast.id)).length).toBeGreaterThanOrEqual(2);
  });
});

const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
