// 'Reichweite' (coverage) and 'Durchhörrate' (throughput) taken from the audience sources: one
// metrics row per month and metric, marked with the source it came from (`podcast_metrics.source`
// 'op3' | 'upload'; a value typed in an evaluation keeps source NULL and stays as it is).
//
// Entscheidung AUD-11, its rules:
// - Coverage is a subscriber count (spec §3). Where any source gives followers, a month's coverage
//   is the followers of its last day with a figure. Otherwise (OP3 counts downloads only) it is the
//   month's average downloads per week (downloads × 7 / days with a figure): about how many listen
//   to a week's episodes. One measure per podcast, so the history does not jump between the two.
// - Throughput (listen-through, 0–100) is the month's average listening share, only where a source
//   gives one; rounded to a whole number like a typed rating.
// - A row is dated on the month's last day with a figure, so the current month's row moves on with
//   each fetch; rows are updated in place (never deleted and re-made) and only when they differ, and
//   a month without figures any more (a source removed) loses its row.
// - Per day, a series comes from the source that wins it (OP3 over an upload, audience-days.ts).
// Run after every commit or fetch, inside its transaction; a source's removal calls it too.
import type { Db } from '../db/database.ts';

type Source = 'op3' | 'upload';
const RANK: Record<string, number> = { op3: 0, upload: 1 };
type Figure = { value: number; source: Source; day: string };
type Month = { followers?: Figure; downloads: Figure[]; consumption: Figure[] };
/** What a source's 'Reichweite' counts (`podcast_metrics.measure`), so its history names its unit. */
type Measure = 'followers' | 'downloads_per_week' | null;
type Wanted = {
  metric: 'coverage' | 'throughput';
  value: number;
  recorded_on: string;
  source: Source;
  measure: Measure;
};

function winner(current: Figure | undefined, next: Figure, rank: (s: Source) => number) {
  return !current || rank(next.source) < rank(current.source) ? next : current;
}

async function monthsOf(db: Db, podcastId: number) {
  const rows = await db
    .selectFrom('audience_days as d')
    .innerJoin('audience_sources as s', 's.id', 'd.source_id')
    .select(['d.day', 's.type', 'd.followers', 'd.downloads', 'd.consumption'])
    .where('d.podcast_id', '=', podcastId)
    .orderBy('d.day')
    .execute();
  const rank = (s: Source) => RANK[s] ?? 9;
  // Per day and series the winning source's figure.
  const days = new Map<string, Partial<Record<'followers' | 'downloads' | 'consumption', Figure>>>();
  for (const row of rows) {
    const source = (row.type === 'op3' ? 'op3' : 'upload') as Source;
    const day = days.get(row.day) ?? {};
    for (const series of ['followers', 'downloads', 'consumption'] as const) {
      const value = row[series];
      if (value !== null) day[series] = winner(day[series], { value, source, day: row.day }, rank);
    }
    days.set(row.day, day);
  }
  const months = new Map<string, Month>();
  for (const [day, figures] of days) {
    const month = months.get(day.slice(0, 7)) ?? { downloads: [], consumption: [] };
    if (figures.followers) month.followers = figures.followers;
    if (figures.downloads) month.downloads.push(figures.downloads);
    if (figures.consumption) month.consumption.push(figures.consumption);
    months.set(day.slice(0, 7), month);
  }
  return months;
}

/** The rows the sources call for, by metric and month. */
export async function wantedMetrics(db: Db, podcastId: number) {
  const months = await monthsOf(db, podcastId);
  const byFollowers = [...months.values()].some((m) => m.followers);
  const wanted = new Map<string, Wanted>();
  for (const [key, month] of months) {
    const last = month.downloads.at(-1);
    if (byFollowers && month.followers) {
      const { value, source, day } = month.followers;
      wanted.set(`coverage ${key}`, {
        metric: 'coverage',
        value,
        recorded_on: day,
        source,
        measure: 'followers',
      });
    } else if (!byFollowers && last) {
      const sum = month.downloads.reduce((total, f) => total + f.value, 0);
      const value = Math.round((sum * 7) / month.downloads.length);
      wanted.set(`coverage ${key}`, {
        metric: 'coverage',
        value,
        recorded_on: last.day,
        source: last.source,
        measure: 'downloads_per_week',
      });
    }
    const share = month.consumption.at(-1);
    if (share) {
      const mean = month.consumption.reduce((total, f) => total + f.value, 0) / month.consumption.length;
      const value = Math.round(mean);
      wanted.set(`throughput ${key}`, {
        metric: 'throughput',
        value,
        recorded_on: share.day,
        source: share.source,
        measure: null,
      });
    }
  }
  return wanted;
}

export async function updateSourceMetrics(trx: Db, podcastId: number, now: Date) {
  const wanted = await wantedMetrics(trx, podcastId);
  const stored = await trx
    .selectFrom('podcast_metrics')
    .select(['id', 'metric', 'value', 'recorded_on', 'source', 'measure'])
    .where('podcast_id', '=', podcastId)
    .where('source', 'is not', null)
    .where('experiment_id', 'is', null)
    .execute();
  const gone: number[] = [];
  for (const row of stored) {
    const key = `${row.metric} ${row.recorded_on.slice(0, 7)}`;
    const want = wanted.get(key);
    if (!want) {
      gone.push(row.id);
      continue;
    }
    wanted.delete(key);
    if (
      want.value === row.value &&
      want.recorded_on === row.recorded_on &&
      want.source === row.source &&
      want.measure === row.measure
    )
      continue;
    await trx
      .updateTable('podcast_metrics')
      .set({ value: want.value, recorded_on: want.recorded_on, source: want.source, measure: want.measure })
      .where('id', '=', row.id)
      .execute();
  }
  if (gone.length) await trx.deleteFrom('podcast_metrics').where('id', 'in', gone).execute();
  const created_at = now.toISOString();
  const fresh = [...wanted.values()].map((w) => ({
    podcast_id: podcastId,
    ...w,
    created_at,
    user_id: null,
    experiment_id: null,
    evaluation: null,
  }));
  if (fresh.length) await trx.insertInto('podcast_metrics').values(fresh).execute();
}
