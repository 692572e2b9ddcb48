// The pieces of the baseline effect on hand-made series whose answer is known: the weekday pattern
// and the release curve are found again, a pause expects no release spike, days without a figure
// count on neither side, the same data give the same interval, and each 'Zu wenig Daten' says
// what is missing.
import { describe, expect, it } from 'vitest';
import { baselineEffect } from '../../../src/server/audience/baseline-effect.ts';
import { effectMessage, verdictOf } from '../../../src/server/audience/baseline-messages.ts';
import { featuresOf, fitBest } from '../../../src/server/audience/baseline-model.ts';
import { addDays } from '../../../src/shared/calendar.ts';

const START = '2027-03-01'; // a Monday
const WEEKDAY = [1.3, 1.1, 1, 1, 0.9, 0.6, 0.7]; // Monday … Sunday
const dow = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Noiseless downloads: 500 a day times the weekday, plus a bump of 2× fading by e every 2 days. */
function series(from: string, days: number, releases: string[], effect = 0) {
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    let bump = 0;
    for (const r of releases) {
      const since = (Date.parse(date) - Date.parse(r)) / 86_400_000;
      if (since >= 0) bump += 2 * Math.exp(-since / 2);
    }
    const mean = 500 * WEEKDAY[dow(date)]! * (1 + bump) * (date >= START ? 1 + effect : 1);
    return { date, downloads: Math.round(mean) };
  });
}

/** Releases every 5 days from `from` (so they wander through the weekdays), `count` of them. */
const every5 = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, 5 * i));

describe('the model', () => {
  it('reads a day: Monday is the reference, the trend counts in four weeks from the start', () => {
    const x = featuresOf('2027-03-03', START, ['2027-03-03'], { fade: 2, height: 1 });
    expect(x.slice(0, 7)).toEqual([1, 0, 1, 0, 0, 0, 0]); // level, Wednesday
    expect(x[7]).toBeCloseTo(2 / 28);
    expect(x[8]).toBeCloseTo(Math.log(2)); // a release that day: log(1 + 1 × 1)
    expect(featuresOf('2027-02-01', START, [], { fade: 2, height: 1 })[7]).toBe(-1);
  });

  it('finds the weekday pattern again', () => {
    const days = series('2026-12-01', 90, []);
    const { fit } = fitBest(
      days.map((d) => d.date),
      START,
      [],
      days.map((d) => d.downloads),
    );
    const monday = Math.exp(fit.beta[0]!);
    expect(monday).toBeCloseTo(650, -1);
    for (let w = 1; w < 7; w++) expect(Math.exp(fit.beta[w]!)).toBeCloseTo(WEEKDAY[w]! / WEEKDAY[0]!, 1);
  });

  it('finds the release curve: a release day expects its spike, a pause none', () => {
    const releases = every5('2026-12-01', 18); // the last on 2027-02-25; none in March
    const baseline = series('2026-12-01', 90, releases);
    const withRelease = [...releases, '2027-03-10'];
    const run = series(START, 14, withRelease);
    const effect = baselineEffect({
      days: [...baseline, ...run],
      releases: withRelease,
      start: START,
      end: '2027-03-14',
    });
    const expected = new Map(effect.days.map((d) => [d.date, d.expected]));
    // The release on Wednesday the 10th against the quiet Wednesday before it.
    expect(expected.get('2027-03-10')! / expected.get('2027-03-03')!).toBeGreaterThan(2.5);
    for (const day of effect.days) expect(Math.abs(day.expected / day.observed - 1)).toBeLessThan(0.08);
    expect(Math.abs(effect.relative!)).toBeLessThan(0.03);
  });
});

describe('the effect', () => {
  const releases = every5('2026-12-01', 30);
  const days = series('2026-12-01', 104, releases, 0.25);

  it('measures a +25 % in downloads and in percent, with each day and its band', () => {
    const effect = baselineEffect({ days, releases, start: START, end: '2027-03-14' });
    expect(effect.enough_data).toBe(true);
    expect(effect.baseline_days).toBe(90);
    expect(effect.relative).toBeCloseTo(0.25, 1);
    expect(effect.interval![0]).toBeGreaterThan(0.15);
    expect(effect.observed).toBe(days.slice(90).reduce((s, d) => s + d.downloads, 0));
    expect(effect.days).toHaveLength(14);
    for (const day of effect.days) {
      expect(day.low).toBeLessThanOrEqual(day.expected);
      expect(day.high).toBeGreaterThanOrEqual(day.expected);
    }
    expect(effect.message).toMatch(
      /^\+2\d\u00a0% mehr Downloads als erwartet \(90\u00a0%-Intervall: \+\d+\u00a0% bis \+\d+\u00a0%\)\./,
    );
  });

  it('gives the same interval for the same data', () => {
    const a = baselineEffect({ days, releases, start: START, end: '2027-03-14' });
    const b = baselineEffect({ days: [...days].reverse(), releases, start: START, end: '2027-03-14' });
    expect(b.interval).toEqual(a.interval);
  });

  it('counts a day without a figure on neither side', () => {
    const gaps = days.map((d) =>
      d.date === '2027-03-05' || d.date === '2027-03-09' ? { ...d, downloads: null } : d,
    );
    const effect = baselineEffect({ days: gaps, releases, start: START, end: '2027-03-14' });
    expect(effect.days.map((d) => d.date)).not.toContain('2027-03-05');
    expect(effect.days).toHaveLength(12);
    expect(effect.message).toMatch(/^Gemessen an 12 von 14 Tagen \(für die übrigen fehlen Downloads\): /);
  });

  it('measures a running experiment over its days so far, today left out', () => {
    const effect = baselineEffect({ days, releases, start: START, end: '2027-03-28', today: '2027-03-11' });
    expect(effect.days.at(-1)!.date).toBe('2027-03-10');
    expect(effect.message).toMatch(/^Bisher, nach 10 von 28 Tagen: \+/);
  });
});

describe('days far above the pattern', () => {
  const releases = every5('2026-12-01', 30);
  const clean = series('2026-12-01', 104, releases);
  const viral = clean.map((d) =>
    d.date >= '2027-01-20' && d.date <= '2027-01-22' ? { ...d, downloads: d.downloads * 5 } : d,
  );

  it('sets three viral days of the baseline aside and says so; a clean baseline keeps all', () => {
    const effect = baselineEffect({ days: viral, releases, start: START, end: '2027-03-14' });
    expect(Math.abs(effect.relative!)).toBeLessThan(0.03);
    expect(effect.message).toMatch(
      / 3 Tage mit ungewöhnlich vielen Downloads im Vergleichszeitraum wurden nicht berücksichtigt\./,
    );
    const plain = baselineEffect({ days: clean, releases, start: START, end: '2027-03-14' });
    expect(plain.message).not.toMatch(/nicht berücksichtigt/);
  });
});

describe('Zu wenig Daten', () => {
  const releases = every5('2026-12-01', 30);
  const days = series('2026-12-01', 104, releases);

  it('names the days before the start when there are fewer than 28', () => {
    const effect = baselineEffect({ days: days.slice(78), releases, start: START, end: '2027-03-14' });
    expect(effect).toMatchObject({
      enough_data: false,
      baseline_days: 12,
      relative: null,
      interval: null,
      days: [],
    });
    expect(effect.message).toBe(
      'Zu wenig Daten: Für eine Wirkung brauchen wir Downloads von mindestens 28 Tagen vor dem Start; bisher sind es 12.',
    );
    expect(baselineEffect({ days: days.slice(90), releases, start: START, end: '2027-03-14' }).message).toBe(
      'Zu wenig Daten: Für eine Wirkung brauchen wir Downloads von mindestens 28 Tagen vor dem Start; bisher gibt es keine.',
    );
  });

  it('names the days of the run when there are fewer than 7', () => {
    const effect = baselineEffect({ days, releases, start: START, end: '2027-03-28', today: '2027-03-04' });
    expect(effect.message).toBe(
      'Zu wenig Daten: Aus der Laufzeit des Experiments liegen Downloads von 3 Tagen vor; für eine Wirkung brauchen wir mindestens 7.',
    );
    expect(baselineEffect({ days, releases, start: START, end: '2027-03-28', today: START }).message).toMatch(
      /^Zu wenig Daten: Heute ist der erste Tag des Experiments/,
    );
  });
});

describe('the sentence', () => {
  it("says 'Kein messbarer Unterschied' when the interval contains 0, and which way otherwise", () => {
    expect(verdictOf([-0.05, 0.1])).toBe('none');
    expect(verdictOf([0.02, 0.3])).toBe('raised');
    expect(verdictOf([-0.3, -0.01])).toBe('lowered');
    // The wording of 'Kein messbarer Unterschied' in full: baseline-answers.test.ts.
    expect(effectMessage(0.03, [-0.06, 0.12], null)).toMatch(/^Kein messbarer Unterschied: /);
    expect(effectMessage(0.18, [0.09, 0.27], null)).toBe(
      '+18\u00a0% mehr Downloads als erwartet (90\u00a0%-Intervall: +9\u00a0% bis +27\u00a0%).',
    );
    expect(effectMessage(-0.12, [-0.2, -0.04], null)).toBe(
      '12\u00a0% weniger Downloads als erwartet (90\u00a0%-Intervall: −20\u00a0% bis −4\u00a0%).',
    );
  });
});
