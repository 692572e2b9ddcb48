// The sums behind 'Hörerzahlen' and the dashboard's widget: a day without a figure is absent, never
// counted as 0, and every sum says how many days it is made of.
import { describe, expect, it } from 'vitest';
import {
  comparableEpisodes,
  fourWeeks,
  seriesPresent,
  weeklySums,
  weekStart,
  type Day,
} from '../../../../src/client/features/audience/audience-figures.ts';
import { addDays } from '../../../../src/shared/calendar.ts';

const run = (to: string, count: number, value: (i: number) => number | null): Day[] =>
  Array.from({ length: count }, (_, i) => ({ date: addDays(to, i - count + 1), downloads: value(i) })).filter(
    (d) => d.downloads !== null,
  );

describe('weekly sums', () => {
  it('sums Monday to Sunday and counts the days that had a figure', () => {
    // 2026-11-30 is a Monday.
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    const days: Day[] = [
      { date: '2026-11-29', downloads: 5 },
      { date: '2026-11-30', downloads: 10 },
      { date: '2026-12-02', downloads: 20 },
      { date: '2026-12-06', downloads: 30 },
      { date: '2026-12-07', downloads: null },
    ];
    expect(weeklySums(days, 'downloads')).toEqual([
      { week: '2026-11-23', sum: 5, days: 1 },
      { week: '2026-11-30', sum: 60, days: 3 },
    ]);
  });
});

describe('the last 4 weeks against the 4 before', () => {
  it('counts back from the newest day with downloads, not from today', () => {
    const days = run('2026-11-20', 56, (i) => (i < 28 ? 100 : 150));
    expect(fourWeeks(days)).toEqual({
      end: '2026-11-20',
      current: { sum: 4200, days: 28 },
      previous: { sum: 2800, days: 28 },
      change: 0.5,
    });
  });

  it('says how many days each window holds when some are missing', () => {
    const days = run('2026-11-20', 56, (i) => (i % 7 === 0 ? null : 10));
    const compare = fourWeeks(days)!;
    expect(compare.current.days).toBe(24);
    expect(compare.previous.days).toBe(24);
    expect(compare.change).toBe(0);
  });

  it('has no change without downloads before, and nothing without downloads at all', () => {
    expect(fourWeeks(run('2026-11-20', 10, () => 7))?.change).toBeNull();
    expect(fourWeeks([{ date: '2026-11-20', downloads: null, plays: 4 }])).toBeNull();
  });
});

describe('episodes side by side', () => {
  it('leaves out episodes whose first 7 days have not passed, newest first', () => {
    const episodes = [
      { title: 'Alt', published_on: '2026-09-01', downloads_7: 1 },
      { title: 'Eins', published_on: '2026-11-01', downloads_7: 100 },
      { title: 'Zwei', published_on: '2026-11-20', downloads_7: 80 },
      { title: 'Neu', published_on: '2026-11-25', downloads_7: 10 },
      { title: 'Ohne Datum', published_on: null, downloads_7: 5 },
    ];
    const shown = comparableEpisodes(episodes, { from: '2026-10-01', today: '2026-11-30', max: 12 });
    expect(shown.map((e) => e.title)).toEqual(['Zwei', 'Eins']);
  });
});

it('names only the series that have a figure', () => {
  const days: Day[] = [
    { date: '2026-11-01', downloads: null, plays: 3 },
    { date: '2026-11-02', downloads: null, listeners: 0 },
  ];
  expect(seriesPresent(days, ['downloads', 'listeners', 'plays'])).toEqual(['listeners', 'plays']);
});
