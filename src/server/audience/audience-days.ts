// What the screens, the effect analysis and the tips read: a podcast's audience days merged
// across its sources, and the days its feed released episodes.
//
// Entscheidung AUD-8, its rules:
// - One figure per day and series. Where two sources give the same series for the same day, OP3's
//   wins over an upload's: OP3 counts every download by the same open rules every day, an export
//   is a copy of some host's count, often rounded or cut off at the export's day. A series only an
//   upload gives (followers, listening share) still comes from the upload on that day.
// - `source` is the type the day's downloads came from; a day without downloads names the source
//   of its first figure in that order.
// - A day without any figure is absent, never 0.
// - A release's day is the UTC day of the episode's `published_at`, the day OP3 counts its first
//   downloads in (OP3 days are UTC days).
import type { AudienceDay } from '../../shared/audience.ts';
import type { Db } from '../db/database.ts';
import { daySeries } from './store-days.ts';

export type DayRange = { from: string; to: string };
/** An episode of the feed and the day it came out. */
export type Release = { day: string; guid: string; title: string };

/** Sources in the order their figures win. */
const PRIORITY: readonly AudienceDay['source'][] = ['op3', 'upload'];

function rank(type: string) {
  const index = PRIORITY.indexOf(type as AudienceDay['source']);
  return index < 0 ? PRIORITY.length : index;
}

/** The podcast's days from `from` to `to` (both included, yyyy-MM-dd), oldest first. */
export async function readAudienceDays(db: Db, podcastId: number, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('audience_days as d')
    .innerJoin('audience_sources as s', 's.id', 'd.source_id')
    .select(['d.day', 's.type', ...daySeries.map((series) => `d.${series}` as const)])
    .where('d.podcast_id', '=', podcastId)
    .where('d.day', '>=', from)
    .where('d.day', '<=', to)
    .execute();
  rows.sort((a, b) => (a.day === b.day ? rank(a.type) - rank(b.type) : a.day < b.day ? -1 : 1));
  const days: AudienceDay[] = [];
  let current: (AudienceDay & { from: AudienceDay['source'] | null }) | undefined;
  for (const row of rows) {
    if (current?.date !== row.day) {
      if (current?.from) days.push(dayOf(current));
      current = { date: row.day, ...emptyFigures(), source: 'upload', from: null };
    }
    const type = (
      PRIORITY.includes(row.type as AudienceDay['source']) ? row.type : 'upload'
    ) as AudienceDay['source'];
    for (const series of daySeries) {
      if (current[series] !== null || row[series] === null) continue;
      current[series] = row[series];
      if (series === 'downloads') current.source = type;
      current.from ??= type;
    }
  }
  if (current?.from) days.push(dayOf(current));
  return days;
}

function emptyFigures() {
  return { downloads: null, listeners: null, followers: null, plays: null, consumption: null };
}

function dayOf({ from, ...day }: AudienceDay & { from: AudienceDay['source'] | null }): AudienceDay {
  return { ...day, source: day.downloads === null && from ? from : day.source };
}

/** The feed's episodes published from `from` to `to` (UTC days, both included), oldest first. */
export async function readReleases(db: Db, podcastId: number, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('episodes')
    .select(['guid', 'title', 'published_at'])
    .where('podcast_id', '=', podcastId)
    .where('published_at', 'is not', null)
    .where('published_at', '>=', from)
    // The whole `to` day: every timestamp of that day sorts before the next day's start.
    .where('published_at', '<', nextDay(to))
    .orderBy('published_at')
    .execute();
  return rows.map((row): Release => ({
    day: (row.published_at ?? '').slice(0, 10),
    guid: row.guid,
    title: row.title,
  }));
}

export function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
