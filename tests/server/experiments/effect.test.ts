// The effect of an experiment, computed by hand for a few cases: before is the newest value on or
// before the first day, after the newest on or after the last day, the goal score the movements
// weighted by the goals' importance. Without both sides there is no number.
import { describe, expect, it } from 'vitest';
import { effectMessages } from '../../../src/shared/experiment-effect.ts';
import { effectOf, type MetricRow } from '../../../src/server/experiments/effect.ts';

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
  it('compares the newest value before the start with the newest after the end', () => {
    const rows = [
      row('interaction', 20, '2026-09-01'),
      row('interaction', 30, '2026-10-01'), // on the first day: before
      row('interaction', 45, '2026-10-15'), // during: ignored
      row('interaction', 50, '2026-10-31'), // on the last day: after
      row('interaction', 60, '2026-11-20'), // newer: after
      row('coverage', 200, '2026-09-30'),
      row('coverage', 300, '2026-11-02'),
    ];
    const effect = effectOf(rows, START, END, { interaction: 'high', coverage: 'low' });
    expect(effect.metrics).toEqual([
      { key: 'coverage', before: 200, after: 300, change: 100, relative: 0.5 },
      { key: 'interaction', before: 30, after: 60, change: 30, relative: 1 },
    ]);
    // (1 × 0.5 + 3 × 0.30) / (1 + 3) = 1.4 / 4 = 0.35
    expect(effect.goal_score).toBe(0.35);
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
    });
    expect(effectOf([row('coverage', 1, START)], START, END, {}).missing).toBe(effectMessages.after);
    expect(effectOf([], START, END, {}).missing).toBe(effectMessages.both);
    expect(effectOf([row('coverage', 1, START), row('reputation', 2, END)], START, END, {}).missing).toBe(
      effectMessages.mismatch,
    );
    // Values from during the experiment only: nothing.
    expect(effectOf([row('coverage', 1, '2026-10-10')], START, END, {}).enough_data).toBe(false);
  });
});
