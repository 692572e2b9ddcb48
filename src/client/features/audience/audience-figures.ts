// Sums and comparisons the screen and the dashboard draw from the daily figures. Pure (no React,
// no zod): unit-tested in tests/client/features/audience/. A day without a figure is absent in the
// server's answer, never 0, so every sum says how many days it is made of.
import type { AudienceDay, AudienceSeries } from '../../../shared/audience.ts';
import { addDays, daysBetween } from '../../../shared/calendar.ts';

export type Day = Pick<AudienceDay, 'date'> & Partial<Record<AudienceSeries, number | null>>;

/** The series that have at least one figure, in the contract's order. */
export function seriesPresent<S extends AudienceSeries>(days: readonly Day[], order: readonly S[]): S[] {
  return order.filter((s) => days.some((d) => typeof d[s] === 'number'));
}

/** The newest day with a figure of `series`, or null. */
export function newestDay(days: readonly Day[], series: AudienceSeries): string | null {
  let newest: string | null = null;
  for (const d of days)
    if (typeof d[series] === 'number' && (newest === null || d.date > newest)) newest = d.date;
  return newest;
}

/** The days from `from` through `to` (yyyy-MM-dd, both included), oldest first. */
export const between = (days: readonly Day[], from: string, to: string) =>
  days.filter((d) => d.date >= from && d.date <= to).sort((a, b) => (a.date < b.date ? -1 : 1));

/** Monday of the calendar week of `date`. */
export function weekStart(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export type WeekSum = { week: string; sum: number; days: number };

/** Calendar weeks (Monday–Sunday) with the sum of `series` and the count of days that had one. */
export function weeklySums(days: readonly Day[], series: AudienceSeries): WeekSum[] {
  const weeks = new Map<string, WeekSum>();
  for (const d of days) {
    const value = d[series];
    if (typeof value !== 'number') continue;
    const week = weekStart(d.date);
    const entry = weeks.get(week) ?? { week, sum: 0, days: 0 };
    entry.sum += value;
    entry.days += 1;
    weeks.set(week, entry);
  }
  return [...weeks.values()].sort((a, b) => (a.week < b.week ? -1 : 1));
}

export type FourWeeks = {
  /** The newest day with downloads: the end of the last 4 weeks. */
  end: string;
  current: { sum: number; days: number };
  previous: { sum: number; days: number };
  /** current / previous - 1; null when the 4 weeks before have no downloads. */
  change: number | null;
};

const sumOf = (days: readonly Day[], from: string, to: string) => {
  let sum = 0;
  let count = 0;
  for (const d of days) {
    if (d.date < from || d.date > to || typeof d.downloads !== 'number') continue;
    sum += d.downloads;
    count += 1;
  }
  return { sum, days: count };
};

/**
 * The 28 days up to the newest day with downloads against the 28 before them, counted back from
 * the newest figure (Entscheidung CLI-25); the widget names that day.
 */
export function fourWeeks(days: readonly Day[]): FourWeeks | null {
  const end = newestDay(days, 'downloads');
  if (end === null) return null;
  const current = sumOf(days, addDays(end, -27), end);
  const previous = sumOf(days, addDays(end, -55), addDays(end, -28));
  return { end, current, previous, change: previous.sum > 0 ? current.sum / previous.sum - 1 : null };
}

export type EpisodeWeek = { title: string; published_on: string | null; downloads_7: number | null };

/**
 * The episodes to set side by side: released within the range, newest first, at most `max`.
 * Those whose first 7 days have not passed by `today` are left out (their count is still growing).
 */
export function comparableEpisodes(
  episodes: readonly EpisodeWeek[],
  { from, today, max }: { from: string; today: string; max: number },
) {
  return episodes
    .filter(
      (e) => e.published_on !== null && e.published_on >= from && daysBetween(e.published_on, today) >= 7,
    )
    .sort((a, b) => (a.published_on! < b.published_on! ? 1 : -1))
    .slice(0, max);
}
