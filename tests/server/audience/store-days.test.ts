// storeDays on the real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): what is new is
// inserted, what differs updated, what says nothing new left alone; a row that leaves a series out
// keeps the stored figure.
import { beforeAll, describe, expect, it } from 'vitest';
import { storeDays, type DayRow } from '../../../src/server/audience/store-days.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let target: { sourceId: number; podcastId: number };

function year(from: string, days: number, figures: (i: number) => Omit<DayRow, 'day'>): DayRow[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => ({
    day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    ...figures(i),
  }));
}

async function stored(day: string) {
  return t.db
    .selectFrom('audience_days')
    .selectAll()
    .where('source_id', '=', target.sourceId)
    .where('day', '=', day)
    .executeTakeFirst();
}

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now().toISOString();
  const podcast = await t.db
    .insertInto('podcasts')
    .values({ title: 'Zahlen', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  target = { sourceId: await audienceSource(t, podcast.id), podcastId: podcast.id };
});

describe('storeDays', () => {
  it('inserts a year of days, then finds nothing new in the same rows', async () => {
    const rows = year('2025-12-01', 400, (i) => ({ downloads: 100 + i, consumption: 33.333333 }));
    const first = await t.db.transaction().execute((trx) => storeDays(trx, target, rows));
    expect(first).toEqual({ inserted: 400, updated: 0, unchanged: 0 });
    const again = await t.db.transaction().execute((trx) => storeDays(trx, target, rows));
    expect(again).toEqual({ inserted: 0, updated: 0, unchanged: 400 });
    expect(await stored('2025-12-02')).toMatchObject({ downloads: 101, listeners: null });
  });

  it('updates only the days whose figures differ, and inserts the new ones', async () => {
    // The first year ended 2027-01-04; these ten days start 2026-12-31.
    const rows = year('2026-12-31', 10, (i) => ({ downloads: i < 2 ? 999 : 500 }));
    const result = await storeDays(t.db, target, rows);
    // 2026-12-31 … 2027-01-04: 5 stored days, all with other downloads; 5 new.
    expect(result).toEqual({ inserted: 5, updated: 5, unchanged: 0 });
    expect(await stored('2026-12-31')).toMatchObject({ downloads: 999 });
  });

  it('keeps a stored figure that a new row leaves out', async () => {
    await storeDays(t.db, target, [{ day: '2026-01-10', downloads: 7, listeners: 5 }]);
    const result = await storeDays(t.db, target, [{ day: '2026-01-10', listeners: 5 }]);
    expect(result).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    await storeDays(t.db, target, [{ day: '2026-01-10', followers: 3, plays: null }]);
    expect(await stored('2026-01-10')).toMatchObject({ downloads: 7, listeners: 5, followers: 3 });
  });

  it('stores no day without any figure', async () => {
    const result = await storeDays(t.db, target, [
      { day: '2031-01-01', downloads: null },
      { day: '2031-01-02' },
    ]);
    expect(result).toEqual({ inserted: 0, updated: 0, unchanged: 0 });
    expect(await stored('2031-01-01')).toBeUndefined();
  });

  it('writes nothing when the transaction fails', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await storeDays(trx, target, [{ day: '2030-01-01', downloads: 1 }]);
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    expect(await stored('2030-01-01')).toBeUndefined();
  });
});
