// 'Reichweite' and 'Durchhörrate' from the sources: one row per month and metric, marked with its
// source, updated in place when the days change; a typed value stays as it was, marked as typed.
import { beforeAll, describe, expect, it } from 'vitest';
import { updateSourceMetrics } from '../../../src/server/audience/source-metrics.ts';
import { storeDays } from '../../../src/server/audience/store-days.ts';
import type { Agent } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { podcastOwnedBy } from '../podcasts/podcast-helpers.ts';

let t: TestApp;
let owner: Agent;
let podcastId: number;
let op3: { sourceId: number; podcastId: number };

const source = async (type: 'op3' | 'upload') => ({
  sourceId: await audienceSource(t, podcastId, type),
  podcastId,
});

async function values(key: string) {
  const response = await owner.get(`/api/podcasts/${podcastId}/metrics`);
  return (response.json().data as { key: string; values: Record<string, unknown>[] }[]).find(
    (m) => m.key === key,
  )!.values;
}

async function history(key: string) {
  const response = await owner.get(`/api/podcasts/${podcastId}/metrics`);
  const metrics = response.json().data as { key: string; values: Record<string, unknown>[] }[];
  return metrics
    .find((m) => m.key === key)!
    .values.map(({ date, value, source }) => ({ date, value, source }));
}

const rows = () =>
  t.db.selectFrom('podcast_metrics').select(['id', 'metric', 'value', 'source']).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  const user = await verifiedUser(t);
  owner = user.agent;
  podcastId = await podcastOwnedBy(t, 'Zahlen', user.id);
});

describe('metrics from the sources', () => {
  it('takes weekly downloads as Reichweite while no source gives followers, beside a typed value', async () => {
    t.clock.set('2026-10-20T10:00:00Z');
    expect((await owner.post(`/api/podcasts/${podcastId}/metrics`, { coverage: 77 })).statusCode).toBe(201);
    op3 = await source('op3');
    await storeDays(t.db, op3, [
      { day: '2026-09-29', downloads: 100 },
      { day: '2026-09-30', downloads: 200 },
      { day: '2026-10-01', downloads: 70 },
    ]);
    await updateSourceMetrics(t.db, podcastId, t.clock.now());
    expect(await history('coverage')).toEqual([
      { date: '2026-09-30', value: 1050, source: 'op3' },
      { date: '2026-10-01', value: 490, source: 'op3' },
      { date: '2026-10-20', value: 77, source: null },
    ]);
    expect(await history('throughput')).toEqual([]);
    // What each value counts, so its history can name the unit: downloads per week, typed as is.
    expect((await values('coverage')).map((v) => v.measure)).toEqual([
      'downloads_per_week',
      'downloads_per_week',
      null,
    ]);
  });

  it('updates a month in place as its days grow, and leaves the typed value alone', async () => {
    const before = await rows();
    await storeDays(t.db, op3, [{ day: '2026-10-02', downloads: 140 }]);
    await updateSourceMetrics(t.db, podcastId, t.clock.now());
    const after = await rows();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(await history('coverage')).toContainEqual({ date: '2026-10-02', value: 735, source: 'op3' });
    expect(after.find((r) => r.source === null)).toMatchObject({ value: 77 });
    await updateSourceMetrics(t.db, podcastId, t.clock.now());
    expect(await rows()).toEqual(after);
  });

  it('switches Reichweite to followers once a source gives them, and takes Durchhörrate from the share', async () => {
    const upload = await source('upload');
    await storeDays(t.db, upload, [
      { day: '2026-10-01', followers: 300, consumption: 40 },
      { day: '2026-10-02', followers: 310, consumption: 61.5, downloads: 999 },
    ]);
    await updateSourceMetrics(t.db, podcastId, t.clock.now());
    // September has no followers: its downloads-based row goes, October's shows the followers.
    expect(await history('coverage')).toEqual([
      { date: '2026-10-02', value: 310, source: 'upload' },
      { date: '2026-10-20', value: 77, source: null },
    ]);
    expect(await history('throughput')).toEqual([{ date: '2026-10-02', value: 51, source: 'upload' }]);
    expect((await values('coverage')).map((v) => v.measure)).toEqual(['followers', null]);
    expect((await values('throughput')).map((v) => v.measure)).toEqual([null]);
  });
});
