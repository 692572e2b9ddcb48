// Stores a source's daily figures (OP3's fetch, an uploaded export) by comparing them with what is
// stored: a day not stored yet is inserted, a day whose figures differ is updated, a day that says
// nothing new is left alone and counted as unchanged. Run it inside the caller's transaction.
//
// Entscheidung AUD-12, its rules:
// - A figure the new row leaves out (undefined or null) keeps the stored one: a second export that
//   maps fewer series (only downloads, where the first also had listeners) must not wipe the
//   others. There is no way to clear a stored figure but removing the source.
// - A new day without any figure is not stored (and not counted): a day without figures is absent.
// - A day given twice in one call: the later row's figures win (merged over the earlier one).
// - Reads and writes go in batches (one select per batch of days, one multi-row upsert per batch of
//   new and changed days), so a year of days is a handful of statements on either engine.
// - `consumption` (percent, PostgreSQL `real`) is compared to a thousandth of a point: a float4
//   read back differs from the number written in its last digits, which is no change.
import type { Db } from '../db/database.ts';

export const daySeries = ['downloads', 'listeners', 'followers', 'plays', 'consumption'] as const;
export type DaySeries = (typeof daySeries)[number];

/** One day of a source; a series left out says nothing about that figure. */
export type DayRow = { day: string } & Partial<Record<DaySeries, number | null>>;
export type StoreResult = { inserted: number; updated: number; unchanged: number };
type Figures = Record<DaySeries, number | null>;

/** Days per statement: 7 parameters a row stays far below either engine's limit. */
const BATCH = 500;

function same(series: DaySeries, a: number | null, b: number | null) {
  if (a === null || b === null) return a === b;
  return series === 'consumption' ? Math.abs(a - b) < 1e-3 : a === b;
}

/** The input's days, each once, a later row's figures over an earlier one's. */
export function mergeInput(rows: readonly DayRow[]) {
  const byDay = new Map<string, Partial<Figures>>();
  for (const row of rows) {
    const into = byDay.get(row.day) ?? {};
    for (const series of daySeries) {
      const value = row[series];
      if (value !== undefined && value !== null) into[series] = value;
    }
    byDay.set(row.day, into);
  }
  return byDay;
}

export async function storeDays(
  trx: Db,
  { sourceId, podcastId }: { sourceId: number; podcastId: number },
  rows: readonly DayRow[],
): Promise<StoreResult> {
  const result: StoreResult = { inserted: 0, updated: 0, unchanged: 0 };
  const days = [...mergeInput(rows)];
  for (let start = 0; start < days.length; start += BATCH) {
    const batch = days.slice(start, start + BATCH);
    const stored = await trx
      .selectFrom('audience_days')
      .select(['day', ...daySeries])
      .where('source_id', '=', sourceId)
      .where(
        'day',
        'in',
        batch.map(([day]) => day),
      )
      .execute();
    const storedByDay = new Map(stored.map((row) => [row.day, row]));
    const writes = [];
    for (const [day, figures] of batch) {
      const old = storedByDay.get(day);
      const merged = {} as Figures;
      for (const series of daySeries) merged[series] = figures[series] ?? old?.[series] ?? null;
      if (!old && daySeries.every((series) => merged[series] === null)) continue;
      if (!old) result.inserted++;
      else if (daySeries.every((series) => same(series, old[series], merged[series]))) {
        result.unchanged++;
        continue;
      } else result.updated++;
      writes.push({ source_id: sourceId, podcast_id: podcastId, day, ...merged });
    }
    if (writes.length === 0) continue;
    await upsertDays(trx, writes);
  }
  return result;
}

type DayWrite = { source_id: number; podcast_id: number; day: string } & Partial<Figures>;

/** Writes whole days of a source: a stored day's figures are replaced by the row's. */
export async function upsertDays(trx: Db, rows: DayWrite[]) {
  await trx
    .insertInto('audience_days')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['source_id', 'day']).doUpdateSet((eb) => ({
        downloads: eb.ref('excluded.downloads'),
        listeners: eb.ref('excluded.listeners'),
        followers: eb.ref('excluded.followers'),
        plays: eb.ref('excluded.plays'),
        consumption: eb.ref('excluded.consumption'),
      })),
    )
    .execute();
}
