// Kompass-KI tips through the API: made by the events that cause them, exactly once, read by the
// podcast's members only, Pro only (lifetime access counts).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Assistance, AccountAssistance } from '../../../src/shared/assistances.ts';
import { evaluateTips, sweepTips } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { berlinDate } from '../../../src/shared/calendar.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { busyWait } from '../helpers/busy-wait.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { addPractice, startExperiment } from '../experiments/experiment-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addCategories(t);
});

const DAY = 86_400_000;
const causes = async (podcastId: number) =>
  (
    await t.db
      .selectFrom('assistances')
      .select('cause')
      .where('podcast_id', '=', podcastId)
      .orderBy('cause')
      .execute()
  ).map((r) => r.cause);

describe('assistances', { timeout: 30_000 }, () => {
  it('greets a new podcast and asks for its goals, once, and lists the tips to its members', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { title: 'Tippfunk' });
    // The tips come after the answer of the write that caused them.
    await vi.waitFor(
      async () => expect(await causes(podcast.id)).toEqual(['goals-missing', 'welcome']),
      busyWait,
    );
    await evaluateTips(t.ctx, podcast.id);
    await sweepTips(t.ctx);
    expect(await causes(podcast.id)).toEqual(['goals-missing', 'welcome']);

    const list = await owner.agent.get(`/api/podcasts/${podcast.id}/assistances`);
    expect(list.statusCode).toBe(200);
    const tips = (list.json() as { data: Assistance[] }).data;
    expect(tips.map((a) => a.subject).sort()).toEqual([
      'Lege deine Podcast-Ziele fest',
      'Willkommen im Studio, Tippfunk!',
    ]);
    const goals = tips.find((a) => a.subject === 'Lege deine Podcast-Ziele fest')!;
    expect(goals.message).toContain('Für „Tippfunk“ sind noch keine Ziele gesetzt.');

    const detail = await owner.agent.get(`/api/assistances/${goals.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual(goals);

    // Setting the goals answers the cause; the tip stays, no new one comes.
    const put = await owner.agent.put(`/api/podcasts/${podcast.id}/objective`, {
      coverage: 'high',
      throughput: 'low',
      reputation: 'none',
      interaction: 'medium',
      monetization: 'none',
      expertise: 'none',
      referability: 'low',
      enjoyment: 'high',
    });
    expect(put.statusCode).toBe(200);
    await evaluateTips(t.ctx, podcast.id);
    expect(await causes(podcast.id)).toEqual(['goals-missing', 'welcome']);
  });

  it('lets every role read, and nobody outside the team', async () => {
    const owner = await verifiedUser(t);
    const observer = await verifiedUser(t);
    const stranger = await verifiedUser(t);
    const former = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { title: 'Teamfunk' });
    await addMember(t, podcast.id, observer.id, 'observer');
    await addMember(t, podcast.id, former.id, 'editor', 0);
    await evaluateTips(t.ctx, podcast.id);
    const [tip] = (await owner.agent.get(`/api/podcasts/${podcast.id}/assistances`)).json()
      .data as Assistance[];

    expect((await observer.agent.get(`/api/podcasts/${podcast.id}/assistances`)).statusCode).toBe(200);
    expect((await observer.agent.get(`/api/assistances/${tip!.id}`)).statusCode).toBe(200);
    for (const outsider of [stranger, former]) {
      const list = await outsider.agent.get(`/api/podcasts/${podcast.id}/assistances`);
      expect(list.statusCode).toBe(404);
      expect(list.json().message).toBe('Diesen Podcast gibt es nicht.');
      const detail = await outsider.agent.get(`/api/assistances/${tip!.id}`);
      expect(detail.statusCode).toBe(404);
      expect(detail.json().message).toBe('Diesen Tipp gibt es nicht.');
      expect((await outsider.agent.get('/api/account/assistances')).json().data).toEqual([]);
    }
    expect((await owner.agent.get('/api/assistances/999999')).json().message).toBe(
      'Diesen Tipp gibt es nicht.',
    );
    expect((await t.agent().get(`/api/assistances/${tip!.id}`)).statusCode).toBe(401);
  });

  it('refuses Basic podcasts (403) and makes them no tips; lifetime access counts as Pro', async () => {
    const owner = await verifiedUser(t);
    const supporter = await verifiedUser(t);
    const basic = await createPodcast(owner.agent, { title: 'Basisfunk' });
    const lifetime = await createPodcast(supporter.agent, { title: 'Lebenslangfunk' });
    await t.db.updateTable('users').set({ granted: 1 }).where('id', '=', supporter.id).execute();
    await vi.waitFor(async () => expect(await causes(basic.id)).toHaveLength(2), busyWait);
    const [tip] = (await owner.agent.get(`/api/podcasts/${basic.id}/assistances`)).json()
      .data as Assistance[];

    // A month later (moved back in time: sessions would expire if the clock moved on).
    const monthAgo = new Date(t.clock.now().getTime() - 31 * DAY).toISOString();
    await t.db
      .updateTable('podcasts')
      .set({ created_at: monthAgo })
      .where('id', 'in', [basic.id, lifetime.id])
      .execute();
    const list = await owner.agent.get(`/api/podcasts/${basic.id}/assistances`);
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(
      'Das gibt es nur in Studio Pro. Aktiviere die Kompass-KI für diesen Podcast.',
    );
    expect((await owner.agent.get(`/api/assistances/${tip!.id}`)).statusCode).toBe(403);
    expect((await owner.agent.get('/api/account/assistances')).json().data).toEqual([]);
    await t.db.deleteFrom('assistances').where('podcast_id', '=', basic.id).execute();
    expect(await evaluateTips(t.ctx, basic.id)).toEqual([]);
    expect(await causes(basic.id)).toEqual([]);

    expect((await supporter.agent.get(`/api/podcasts/${lifetime.id}/assistances`)).statusCode).toBe(200);
    await evaluateTips(t.ctx, lifetime.id);
    // A month alone without metrics: the later rules speak up.
    expect(await causes(lifetime.id)).toEqual(
      expect.arrayContaining([
        'goals-missing',
        'metrics-stale:never',
        'strategy-missing',
        'team-alone',
        'welcome',
      ]),
    );
  });

  it('compares the newest two values of a metric by the day recorded, however long its history', async () => {
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { title: 'Zahlenfunk' });
    await vi.waitFor(async () => expect(await causes(podcast.id)).toHaveLength(2), busyWait);
    const daysAgo = (n: number) => berlinDate(new Date(t.clock.now().getTime() - n * DAY));
    const value = (metric: 'coverage' | 'interaction', amount: number, days: number) => ({
      podcast_id: podcast.id,
      metric,
      value: amount,
      recorded_on: daysAgo(days),
      created_at: t.clock.now().toISOString(),
    });
    await t.db
      .insertInto('podcast_metrics')
      .values([
        ...Array.from({ length: 40 }, (_, i) => value('coverage', 2000 + i, 60 - i)),
        value('coverage', 1000, 9),
        value('interaction', 50, 8),
        value('coverage', 800, 3),
        // Entered last, for a day before the two above: not among the newest.
        value('coverage', 5000, 12),
      ])
      .execute();
    await evaluateTips(t.ctx, podcast.id);
    const [dropped] = await t.db
      .selectFrom('assistances')
      .select(['cause', 'message'])
      .where('podcast_id', '=', podcast.id)
      .where('rule', '=', 'metric-dropped')
      .execute();
    expect(dropped?.cause).toBe(`metric-dropped:coverage:${daysAgo(3)}`);
    expect(dropped?.message).toContain(
      `**Reichweite** von 1000 (${daysAgo(9).split('-').reverse().join('.')}) auf 800`,
    );
  });

  it('lists the tips of all the user’s Pro podcasts, newest first, each naming its podcast', async () => {
    const user = await verifiedUser(t);
    const a = await createPodcast(user.agent, { title: 'Alpha' });
    // Alpha's tips come from the debounced job after the answer: under load it may run after the
    // clock moved on, and then Alpha's tips were as new as Beta's (flaky on PostgreSQL).
    await vi.waitFor(async () => expect(await causes(a.id)).toHaveLength(2), busyWait);
    t.clock.advance(1000);
    const b = await createPodcast(user.agent, { title: 'Beta' });
    await vi.waitFor(async () => expect(await causes(b.id)).toHaveLength(2), busyWait);
    const list = await user.agent.get('/api/account/assistances');
    expect(list.statusCode).toBe(200);
    const data = list.json().data as AccountAssistance[];
    expect(data.map((d) => d.podcast.title)).toEqual(['Beta', 'Beta', 'Alpha', 'Alpha']);
    expect(data[0]!.podcast).toEqual({ id: b.id, title: 'Beta' });
    expect(new Set(data.map((d) => d.podcast_id))).toEqual(new Set([a.id, b.id]));
  });

  it('an experiment moved to start today brings its tip after the answer, not only with the sweep', async () => {
    t.clock.set('2027-07-01T08:00:00Z');
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { title: 'Startfunk' });
    const practice = await addPractice(t);
    const experiment = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: '2027-07-10',
      ends_at: '2027-07-24',
    });
    const moved = await owner.agent.put(`/api/experiments/${experiment.id}`, {
      title: experiment.title,
      starts_at: '2027-07-01',
      ends_at: '2027-07-24',
    });
    expect(moved.statusCode).toBe(200);
    await vi.waitFor(
      async () => expect(await causes(podcast.id)).toContain(`experiment-starting:${experiment.id}`),
      busyWait,
    );
  });
});
