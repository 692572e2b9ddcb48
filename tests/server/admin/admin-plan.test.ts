// An admin changes a podcast's plan in /nova: the trial's length, and Pro granted
// through a day with a reason. The owner's podcast follows at once (guard, tips, the admin
// list), the grant ends by itself after its last day, and the audit log keeps the reason.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPodcast } from '../../../src/shared/admin.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { busyWait } from '../helpers/busy-wait.ts';
import { login, podcastOf } from '../billing/billing-helpers.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp();
const DAY = 86_400_000;

let admin: { email: string; agent: Agent };
let owner: { email: string; agent: Agent };
let podcastId: number;

beforeAll(async () => {
  await addCategories(t);
  t.clock.set('2027-01-10T10:00:00Z');
  admin = await verifiedUser(t);
  await t.db.updateTable('users').set({ role: 'admin' }).where('email', '=', admin.email).execute();
  owner = await verifiedUser(t);
  podcastId = (await createPodcast(owner.agent, { title: 'Planfunk' })).id;
  // The welcome tip comes after the answer of the podcast's creation.
  await vi.waitFor(
    async () =>
      expect(
        json<{ data: unknown[] }>(await owner.agent.get(`/api/podcasts/${podcastId}/assistances`)).data
          .length,
      ).toBeGreaterThan(0),
    busyWait,
  );
});

const setPlan = (body: Record<string, unknown>) =>
  admin.agent.put(`/api/nova/podcasts/${podcastId}/plan`, body);
const tipsOfAccount = async (agent: Agent) =>
  json<{ data: { podcast_id: number }[] }>(await agent.get('/api/account/assistances')).data.filter(
    (a) => a.podcast_id === podcastId,
  );

describe('PUT /api/nova/podcasts/{id}/plan', () => {
  it('refuses a change without a reason or with a bad number or day, in German, and changes nothing', async () => {
    const cases = [
      [{ trial_days: 45, pro_until: null, reason: '  ' }, 'reason', 'Bitte gib einen Grund an.'],
      [
        { trial_days: 'viele', pro_until: null, reason: 'x' },
        'trial_days',
        'Bitte gib die Tage des Testzeitraums als Zahl an.',
      ],
      [
        { trial_days: 400, pro_until: null, reason: 'x' },
        'trial_days',
        'Der Testzeitraum kann höchstens 365 Tage lang sein.',
      ],
      [
        { trial_days: 30, pro_until: '2027-02-30', reason: 'x' },
        'pro_until',
        'Bitte gib ein gültiges Datum an.',
      ],
    ] as const;
    for (const [body, field, message] of cases) {
      const response = await setPlan(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await podcastOf(owner.agent, podcastId)).trial).toEqual({
      trial_days: 30,
      days_passed: 0,
      days_left: 30,
    });
    const missing = await admin.agent.put('/api/nova/podcasts/999999/plan', { trial_days: 30, reason: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Diesen Podcast gibt es nicht.');
  });

  it('lengthens the trial: the owner sees the new days, and Basic comes only after them', async () => {
    const response = await setPlan({
      trial_days: 45,
      pro_until: '',
      reason: 'Verlängert für das Podcast-Festival',
    });
    expect(response.statusCode).toBe(200);
    expect(json<{ data: AdminPodcast }>(response).data).toMatchObject({
      trial_days: 45,
      days_left: 45,
      only_trial: true,
      pro_until: null,
      pro_reason: 'Verlängert für das Podcast-Festival',
    });
    expect((await podcastOf(owner.agent, podcastId)).trial).toEqual({
      trial_days: 45,
      days_passed: 0,
      days_left: 45,
    });

    t.clock.advance(40 * DAY);
    owner.agent = await login(t, owner);
    admin.agent = await login(t, admin);
    expect((await podcastOf(owner.agent, podcastId)).active).toBe(true);
    t.clock.advance(6 * DAY);
    owner.agent = await login(t, owner);
    expect((await podcastOf(owner.agent, podcastId)).active).toBe(false);
    expect((await owner.agent.get(`/api/podcasts/${podcastId}/assistances`)).statusCode).toBe(403);
    expect(await tipsOfAccount(owner.agent)).toEqual([]);
  });

  it('grants Pro through a day: tips and Pro screens open, and after that day it is Basic again', async () => {
    // 2027-02-25 in Berlin.
    const response = await setPlan({
      trial_days: 45,
      pro_until: '2027-03-01',
      reason: 'Gewinn beim Podcast-Quiz',
    });
    expect(response.statusCode).toBe(200);
    const podcast = await podcastOf(owner.agent, podcastId);
    expect(podcast).toMatchObject({ active: true, only_trial: false });
    expect((await owner.agent.get(`/api/podcasts/${podcastId}/assistances`)).statusCode).toBe(200);
    expect((await tipsOfAccount(owner.agent)).length).toBeGreaterThan(0);

    const list = json<{ data: AdminPodcast[] }>(await admin.agent.get('/api/nova/podcasts?q=Planfunk')).data;
    expect(list).toEqual([
      expect.objectContaining({
        id: podcastId,
        owner_email: owner.email,
        active: true,
        only_trial: false,
        pro_until: '2027-03-01',
        pro_reason: 'Gewinn beim Podcast-Quiz',
      }),
    ]);

    // 2027-03-01 23:30 in Berlin is still the grant's last day; an hour later it is over.
    t.clock.set('2027-03-01T22:30:00Z');
    owner.agent = await login(t, owner);
    expect((await podcastOf(owner.agent, podcastId)).active).toBe(true);
    t.clock.set('2027-03-01T23:30:00Z');
    expect((await podcastOf(owner.agent, podcastId)).active).toBe(false);
    expect(await tipsOfAccount(owner.agent)).toEqual([]);
  });

  it('logs every change with who, what and the reason', async () => {
    admin.agent = await login(t, admin);
    const log = json<{ data: { user_email: string; action: string; subject_id: string; details: string }[] }>(
      await admin.agent.get('/api/nova/audit'),
    ).data.filter((e) => e.action === 'podcast.plan');
    expect(log).toHaveLength(2);
    expect(log.every((e) => e.user_email === admin.email && e.subject_id === String(podcastId))).toBe(true);
    expect(JSON.stringify(log)).toContain('Gewinn beim Podcast-Quiz');
    expect(JSON.stringify(log)).toContain('Verlängert für das Podcast-Festival');
  });
});
