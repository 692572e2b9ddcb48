// The effect of an experiment, computed by hand for a few cases: before is the newest typed value on
// or before the first day, after the first on or after the last day (a source's months: the last
// wholly before, the first wholly after), each with its days; the goal score the movements weighted
// by the goals' importance. Without both sides there is no number.
import { describe, expect, it } from 'vitest';
import { effectMessages } from '../../../src/shared/experiment-effect.ts';
import { effectOf, type MetricRow } from '../../../src/server/experiments/effect.ts';
import type { AudienceEffect } from '../../../src/shared/audience.ts';

let id = 0;
const row = (metric: string, value: number, recorded_on: string): MetricRow => ({
  id: ++id,
  metric,
  value,
  recorded_on,
});
const START = '2026-10-01';
const END = '2026-10-31';

describe('effectOf', () => {
  it('compares the newest value before the start with the first after the end, each with its day', () => {
    const rows = [
      row('interaction', 20, '2026-09-01'),
      row('interaction', 30, '2026-10-01'), // on the first day: before
      row('interaction', 45, '2026-10-15'), // during: ignored
      row('interaction', 50, '2026-10-31'), // on the last day: after
      row('interaction', 60, '2026-11-20'), // later: its own time, not this experiment's
      row('coverage', 200, '2026-09-30'),
      row('coverage', 300, '2026-11-02'),
    ];
    const effect = effectOf(rows, START, END, { interaction: 'high', coverage: 'low' });
    const day = (d: string) => ({ from: d, to: d });
    expect(effect.metrics).toEqual([
      {
        key: 'coverage',
        before: 200,
        after: 300,
        change: 100,
        relative: 0.5,
        before_days: day('2026-09-30'),
        after_days: day('2026-11-02'),
      },
      {
        key: 'interaction',
        before: 30,
        after: 50,
        change: 20,
        relative: 0.667,
        before_days: day('2026-10-01'),
        after_days: day('2026-10-31'),
      },
    ]);
    // (1 × 0.5 + 3 × 0.20) / (1 + 3) = 1.1 / 4 = 0.275
    expect(effect.goal_score).toBe(0.275);
    expect(effect).toMatchObject({ enough_data: true, missing: null });
  });

  it('a fall counts against the goals, the reach capped at ±100 %', () => {
    const rows = [
      row('coverage', 100, START),
      row('coverage', 400, END), // +300 % counts as +100 %
      row('enjoyment', 80, START),
      row('enjoyment', 40, END),
    ];
    const effect = effectOf(rows, START, END, { coverage: 'medium', enjoyment: 'medium' });
    // (2 × 1 + 2 × -0.4) / 4 = 0.3
    expect(effect.goal_score).toBe(0.3);
    expect(effect.metrics.find((m) => m.key === 'enjoyment')).toMatchObject({ change: -40, relative: -0.5 });
  });

  it('metrics without a goal are shown but do not score; no goal at all: no score', () => {
    const rows = [row('expertise', 10, START), row('expertise', 90, END)];
    expect(effectOf(rows, START, END, { expertise: 'none' })).toMatchObject({
      goal_score: null,
      enough_data: true,
    });
    expect(
      effectOf([row('coverage', 0, START), row('coverage', 5, END)], START, END, {}).metrics[0]!.relative,
    ).toBe(null);
  });

  it('says what is missing instead of inventing a number', () => {
    expect(effectOf([row('coverage', 1, END)], START, END, {})).toEqual({
      metrics: [],
      goal_score: null,
      enough_data: false,
      missing: effectMessages.before,
      audience: null,
      note: null,
    });
    expect(effectOf([row('coverage', 1, START)], START, END, {}).missing).toBe(effectMessages.after);
    expect(effectOf([], START, END, {}).missing).toBe(effectMessages.both);
    expect(effectOf([row('coverage', 1, START), row('reputation', 2, END)], START, END, {}).missing).toBe(
      effectMessages.mismatch,
    );
    // Values from during the experiment only: nothing.
    expect(effectOf([row('coverage', 1, '2026-10-10')], START, END, {}).enough_data).toBe(false);
  });

  // The October experiment of a podcast whose reach comes from a source's months: it ended on
  // 31.10, so December's value is not its 'after'; where its downloads were measured against the
  // baseline, the months' before → after (which hold the show's growth) gives way to the effect.
  const source = (value: number, day: string, measure = 'downloads_per_week'): MetricRow => ({
    ...row('coverage', value, day),
    source: 'upload',
    measure,
  });
  const months = [
    source(6000, '2026-08-31'),
    source(6141, '2026-09-30'),
    source(6200, '2026-10-31'), // during: neither side
    source(7000, '2026-11-30'),
    source(8266, '2026-12-05'), // five days of December: not this experiment's
  ];
  const flat: AudienceEffect = {
    enough_data: true,
    message: null,
    baseline_days: 90,
    observed: 5900,
    expected: 5960,
    effect: -60,
    relative: -0.01,
    interval: [-0.04, 0.02],
    days: [],
  };

  it("takes a source's months from the experiment's own time, with their days", () => {
    const effect = effectOf(months, START, END, { coverage: 'high' });
    expect(effect.metrics).toEqual([
      {
        key: 'coverage',
        before: 6141,
        after: 7000,
        change: 859,
        relative: 0.14,
        before_days: { from: '2026-09-01', to: '2026-09-30' },
        after_days: { from: '2026-11-01', to: '2026-11-30' },
      },
    ]);
    // Ended on 15.11.: November is not wholly after it, December (its five days) is.
    const later = effectOf(months, START, '2026-11-15', {});
    expect(later.metrics[0]).toMatchObject({
      after: 8266,
      after_days: { from: '2026-12-01', to: '2026-12-05' },
    });
  });

  it('gives the reach from downloads to the measured effect, which the goal score follows', () => {
    const effect = effectOf(months, START, END, { coverage: 'high' }, flat);
    expect(effect.metrics).toEqual([]);
    expect(effect.note).toBe(effectMessages.reachByEffect);
    expect(effect.missing).toBeNull();
    // 'Kein messbarer Unterschied' (the interval holds 0): no movement of the goal, not +14 %.
    expect(effect.goal_score).toBe(0);
    const raised = effectOf(
      months,
      START,
      END,
      { coverage: 'high' },
      { ...flat, relative: 0.2, interval: [0.1, 0.3] },
    );
    expect(raised.goal_score).toBe(0.2);
    // Followers are another count than downloads: their months stay.
    const followers = months.map((m) => ({ ...m, measure: 'followers' }));
    expect(effectOf(followers, START, END, {}, flat).metrics).toHaveLength(1);
  });
});
