// readAudienceDays and readReleases on the real database: one figure per day and series, OP3's
// over an upload's, a day without figures absent; the feed's releases by their UTC day.
import { beforeAll, describe, expect, it } from 'vitest';
import { readAudienceDays, readReleases } from '../../../src/server/audience/audience-days.ts';
import { storeDays } from '../../../src/server/audience/store-days.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let podcastId: number;

const source = async (type: 'op3' | 'upload') => ({
  sourceId: await audienceSource(t, podcastId, type),
  podcastId,
});

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now().toISOString();
  podcastId = (
    await t.db
      .insertInto('podcasts')
      .values({ title: 'Zahlen', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const op3 = await source('op3');
  const upload = await source('upload');
  await storeDays(t.db, upload, [
    { day: '2026-11-01', downloads: 90, followers: 12 },
    { day: '2026-11-02', downloads: 80 },
    { day: '2026-11-03', followers: 13, consumption: 61.5 },
    { day: '2026-11-04', downloads: null },
  ]);
  await storeDays(t.db, op3, [
    { day: '2026-11-02', downloads: 85 },
    { day: '2026-11-03', downloads: 70 },
    { day: '2026-11-05', downloads: 60 },
  ]);
  await t.db
    .insertInto('episodes')
    .values([
      { podcast_id: podcastId, guid: 'a', title: 'Folge 1', published_at: '2026-10-31T23:30:00.000Z' },
      { podcast_id: podcastId, guid: 'b', title: 'Folge 2', published_at: '2026-11-05T06:00:00.000Z' },
      { podcast_id: podcastId, guid: 'c', title: 'Ohne Datum', published_at: null },
    ])
    .execute();
});

describe('readAudienceDays', () => {
  it('merges the sources per day: OP3 over the upload, series only the upload has from it', async () => {
    const days = await readAudienceDays(t.db, podcastId, { from: '2026-11-01', to: '2026-11-30' });
    const blank = { listeners: null, plays: null };
    expect(days).toEqual([
      { date: '2026-11-01', downloads: 90, followers: 12, consumption: null, ...blank, source: 'upload' },
      { date: '2026-11-02', downloads: 85, followers: null, consumption: null, ...blank, source: 'op3' },
      { date: '2026-11-03', downloads: 70, followers: 13, consumption: 61.5, ...blank, source: 'op3' },
      { date: '2026-11-05', downloads: 60, followers: null, consumption: null, ...blank, source: 'op3' },
    ]);
  });

  it('keeps to the range, both ends included', async () => {
    const days = await readAudienceDays(t.db, podcastId, { from: '2026-11-02', to: '2026-11-03' });
    expect(days.map((d) => d.date)).toEqual(['2026-11-02', '2026-11-03']);
    expect(await readAudienceDays(t.db, podcastId + 1000, { from: '2026-01-01', to: '2026-12-31' })).toEqual(
      [],
    );
  });
});

describe('readReleases', () => {
  it('lists the feed episodes by their UTC day, the last day whole', async () => {
    expect(await readReleases(t.db, podcastId, { from: '2026-10-31', to: '2026-11-05' })).toEqual([
      { day: '2026-10-31', guid: 'a', title: 'Folge 1' },
      { day: '2026-11-05', guid: 'b', title: 'Folge 2' },
    ]);
    expect(await readReleases(t.db, podcastId, { from: '2026-11-01', to: '2026-11-04' })).toEqual([]);
  });
});
