// Goals, stage, strategy, milestones, the metrics history, settings, episodes and :complete,
// and how they fill the podcast's setup fields.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MetricHistory, Podcast } from '../../../src/shared/podcasts.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from './podcast-helpers.ts';

const t = await createTestApp();
beforeAll(() => addCategories(t));

const objective = {
  coverage: 'high',
  throughput: 'none',
  reputation: 'medium',
  interaction: 'low',
  monetization: 'none',
  expertise: 'none',
  referability: 'high',
  enjoyment: 'none',
};

async function start() {
  const user = await verifiedUser(t);
  const podcast = await createPodcast(user.agent);
  return { ...user, base: `/api/podcasts/${podcast.id}`, podcast };
}

describe('objective, stage, strategy', () => {
  it('are empty at first, then read back what was saved', async () => {
    const { agent, base } = await start();
    expect(json<{ data: unknown }>(await agent.get(`${base}/objective`)).data).toEqual(
      Object.fromEntries(Object.keys(objective).map((k) => [k, null])),
    );
    expect(json<{ data: unknown }>(await agent.get(`${base}/stage`)).data).toEqual({
      commitment: null,
      expansion: null,
      investment: null,
    });
    const put = await agent.put(`${base}/objective`, objective);
    expect(put.statusCode).toBe(200);
    expect(json<{ data: unknown }>(await agent.get(`${base}/objective`)).data).toEqual(objective);
    await agent.put(`${base}/objective`, { ...objective, enjoyment: 'medium' });
    expect(json<{ data: { enjoyment: string } }>(await agent.get(`${base}/objective`)).data.enjoyment).toBe(
      'medium',
    );

    const stage = { commitment: '1_day', expansion: 'pre_launch', investment: 'lt_1k' };
    expect((await agent.put(`${base}/stage`, stage)).statusCode).toBe(200);
    expect(json<{ data: unknown }>(await agent.get(`${base}/stage`)).data).toEqual(stage);

    const strategy = await agent.put(`${base}/strategy`, {
      subject: '  Geschichte, die\r\nnachwirkt  ',
      audience: '',
      tailwind: 'Jubiläen',
    });
    expect(json<{ data: unknown }>(strategy).data).toEqual({
      subject: 'Geschichte, die\nnachwirkt',
      audience: null,
      uniqueness: null,
      tailwind: 'Jubiläen',
      motivation: null,
      referability: null,
      expenditure: null,
    });
  });

  it('refuse values outside the vocabularies with German messages', async () => {
    const { agent, base } = await start();
    const bad = await agent.put(`${base}/objective`, { ...objective, coverage: 'extreme' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors ?? {})).toEqual(['coverage']);
    const stage = await agent.put(`${base}/stage`, {
      commitment: '1_year',
      expansion: 'lt_1k',
      investment: 'none',
    });
    expect(stage.statusCode).toBe(422);
    expect(Object.keys(json(stage).errors ?? {})).toEqual(['commitment']);
    const strategy = await agent.put(`${base}/strategy`, { subject: 'x'.repeat(5001) });
    expect(json(strategy).errors).toEqual({ subject: ['Höchstens 5000 Zeichen sind erlaubt.'] });
  });
});

describe('milestones and metrics', () => {
  it('keeps one milestone per metric; an empty text removes it', async () => {
    const { agent, base } = await start();
    const first = await agent.post(`${base}/milestones:batch`, {
      milestones: { coverage: '1.000 Abos bis Jahresende', referability: '10 Erwähnungen' },
    });
    expect(json<{ data: unknown }>(first).data).toEqual({
      coverage: '1.000 Abos bis Jahresende',
      referability: '10 Erwähnungen',
    });
    const second = await agent.post(`${base}/milestones:batch`, {
      milestones: { coverage: '', enjoyment: 'Spaß' },
    });
    expect(json<{ data: unknown }>(second).data).toEqual({
      referability: '10 Erwähnungen',
      enjoyment: 'Spaß',
    });
    const unknown = await agent.post(`${base}/milestones:batch`, { milestones: { followers: '5' } });
    expect(unknown.statusCode).toBe(422);
    expect(json<{ data: Podcast }>(await agent.get(base)).data.milestones).toEqual({
      referability: '10 Erwähnungen',
      enjoyment: 'Spaß',
    });
  });

  it('keeps every evaluation as dated history, oldest first', async () => {
    t.clock.set('2027-03-01T09:00:00Z');
    const { agent, base } = await start();
    expect((await agent.post(`${base}/metrics`, { coverage: 120, throughput: 55 })).statusCode).toBe(201);
    t.clock.set('2027-03-15T23:30:00Z'); // 00:30 on 16 March in Berlin
    const response = await agent.post(`${base}/metrics`, { coverage: 180, throughput: 61, enjoyment: 90 });
    expect(response.statusCode).toBe(201);
    const history = json<{ data: MetricHistory[] }>(await agent.get(`${base}/metrics`)).data;
    // The answer is what this evaluation added, in the GET's order, not the whole history.
    const at = '2027-03-15T23:30:00.000Z';
    expect(json<{ data: MetricHistory[] }>(response).data).toEqual([
      {
        key: 'coverage',
        trans: 'Reichweite',
        values: [{ date: '2027-03-16', value: 180, created_at: at, source: null, measure: null }],
      },
      {
        key: 'throughput',
        trans: history[1]!.trans,
        values: [{ date: '2027-03-16', value: 61, created_at: at, source: null, measure: null }],
      },
      {
        key: 'enjoyment',
        trans: history[7]!.trans,
        values: [{ date: '2027-03-16', value: 90, created_at: at, source: null, measure: null }],
      },
    ]);
    const values = (key: string) =>
      history.find((m) => m.key === key)!.values.map(({ date, value }) => ({ date, value }));
    expect(history.map((m) => m.key)).toEqual([
      'coverage',
      'throughput',
      'reputation',
      'interaction',
      'monetization',
      'expertise',
      'referability',
      'enjoyment',
    ]);
    expect(history[0]!.trans).toBe('Reichweite');
    expect(values('coverage')).toEqual([
      { date: '2027-03-01', value: 120 },
      { date: '2027-03-16', value: 180 },
    ]);
    expect(values('throughput')).toEqual([
      { date: '2027-03-01', value: 55 },
      { date: '2027-03-16', value: 61 },
    ]);
    expect(values('enjoyment')).toEqual([{ date: '2027-03-16', value: 90 }]);
    expect(values('reputation')).toEqual([]);
  });

  it('wants 0–100 except for coverage, which is a count, and at least one value', async () => {
    const { agent, base } = await start();
    const over = await agent.post(`${base}/metrics`, { throughput: 101, coverage: 25000 });
    expect(over.statusCode).toBe(422);
    expect(json(over).errors).toEqual({ throughput: ['Der Wert muss zwischen 0 und 100 liegen.'] });
    const negative = await agent.post(`${base}/metrics`, { coverage: -1 });
    expect(json(negative).errors).toEqual({ coverage: ['Die Zahl darf nicht negativ sein.'] });
    const none = await agent.post(`${base}/metrics`, {});
    expect(json(none).message).toBe('Bitte gib mindestens einen Wert ein.');
    // Under the first field, where the evaluation form shows it.
    expect(json(none).errors).toEqual({ coverage: ['Bitte gib mindestens einen Wert ein.'] });
    const history = json<{ data: MetricHistory[] }>(await agent.get(`${base}/metrics`)).data;
    expect(history.every((m) => m.values.length === 0)).toBe(true);
    expect((await agent.post(`${base}/metrics`, { coverage: 25000 })).statusCode).toBe(201);
  });
});

describe('settings', () => {
  it('stores one value per key and closes the present widget', async () => {
    const { agent, base } = await start();
    expect(json<{ data: unknown }>(await agent.get(`${base}/settings`))).toEqual({ data: [] });
    const response = await agent.post(`${base}/settings`, { key: 'present_widget_closed', value: '1' });
    expect(json<{ data: unknown }>(response)).toEqual({ data: { key: 'present_widget_closed', value: '1' } });
    await agent.post(`${base}/settings`, { key: 'present_widget_closed', value: '1' });
    expect(json<{ data: unknown }>(await agent.get(`${base}/settings`))).toEqual({
      data: [{ key: 'present_widget_closed', value: '1' }],
    });
    const bad = await agent.post(`${base}/settings`, { key: 'Böse Taste', value: '1' });
    expect(json(bad).errors).toEqual({ key: ['Dieser Schlüssel ist ungültig.'] });
  });
});

describe('episodes', () => {
  it('pages 15 at a time, newest first, with the meta the paginator shows', async () => {
    const { agent, base, podcast } = await start();
    const empty = json<{ data: unknown[]; meta: unknown }>(await agent.get(`${base}/episodes`));
    expect(empty).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, from: null, to: null, per_page: 15, total: 0 },
    });
    await t.db
      .insertInto('episodes')
      .values(
        Array.from({ length: 17 }, (_, i) => ({
          podcast_id: podcast.id,
          guid: `folge-${i + 1}`,
          title: `Folge ${i + 1}`,
          web_uri: `https://zeitreise.example.org/${i + 1}`,
          published_at: new Date(Date.UTC(2025, 0, i + 1, 6)).toISOString(),
        })),
      )
      .execute();
    type EpisodePage = { data: { title: string; published_at: string }[]; meta: Record<string, unknown> };
    const first = json<EpisodePage>(await agent.get(`${base}/episodes`));
    expect(first.data).toHaveLength(15);
    expect(first.data[0]).toMatchObject({ title: 'Folge 17', published_at: '2025-01-17' });
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, from: 1, to: 15, per_page: 15, total: 17 });
    const second = json<EpisodePage>(await agent.get(`${base}/episodes?page=2`));
    expect(second.data.map((e) => e.title)).toEqual(['Folge 2', 'Folge 1']);
    expect(second.meta).toMatchObject({ current_page: 2, from: 16, to: 17 });
    const beyond = json<EpisodePage>(await agent.get(`${base}/episodes?page=3`));
    expect(beyond).toMatchObject({ data: [], meta: { from: null, to: null, total: 17 } });
    expect((await agent.get(`${base}/episodes?page=0`)).statusCode).toBe(422);
    // The same guid twice in one podcast is refused by the database.
    await expect(
      t.db
        .insertInto('episodes')
        .values({
          podcast_id: podcast.id,
          guid: 'folge-1',
          title: 'Doppelt',
          web_uri: null,
          published_at: null,
        })
        .execute(),
    ).rejects.toThrow();
    expect(json<{ data: Podcast }>(await agent.get(base)).data).toMatchObject({
      num_episodes: 17,
      oldest_episode: '2025-01-01',
    });
  });
});

describe('setup', () => {
  it('marks each step done from real data, and :complete closes the checklist', async () => {
    const { agent, base } = await start();
    const coworker = await verifiedUser(t);
    await agent.put(`${base}/objective`, objective);
    await agent.put(`${base}/stage`, { commitment: '1_day', expansion: 'pre_launch', investment: 'lt_1k' });
    await agent.put(`${base}/strategy`, { subject: 'Geschichte' });
    await agent.post(`${base}/milestones:batch`, { milestones: { coverage: '1.000 Abos' } });
    let podcast = json<{ data: Podcast }>(await agent.get(base)).data;
    expect(podcast).toMatchObject({
      traceable: ['coverage', 'reputation', 'interaction', 'referability'],
      setup_objective: true,
      setup_stage: true,
      setup_strategy: true,
      setup_milestones: true,
      setup_metrics: false,
      setup_coworkers: false,
      setup: false,
      completed: false,
    });
    await agent.post(`${base}/metrics`, { coverage: 10 });
    await t.db
      .insertInto('memberships')
      .values({
        podcast_id: podcast.id,
        user_id: coworker.id,
        role: 'observer',
        active: 1,
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    podcast = json<{ data: Podcast }>(await agent.get(base)).data;
    expect(podcast).toMatchObject({
      setup_metrics: true,
      setup_coworkers: true,
      setup: true,
      completed: false,
    });
    const complete = await agent.post(`${base}:complete`);
    expect(complete.statusCode).toBe(200);
    expect(json<{ data: Podcast }>(complete).data.completed).toBe(true);
    expect(json<{ data: Podcast }>(await agent.get(base)).data.completed).toBe(true);
  });
});
