// The proof of the baseline effect: 200 synthetic podcasts without an effect and 200 with +20 %
// from the first day of the run (tests/support/synthetic-audience.ts, podcasts built unlike the
// model). The 90 % interval must contain the truth in 85–95 % of them and the median estimate
// must be within 5 points of it. Today's before/after (effectOf, the newest value on or before the
// start against the newest on or after the end, as if each day's downloads were typed in as the
// reach and the effect read on the day after the end) runs beside it on the same series; it has
// no interval, so its row shows how often it lands within 10 points of the truth instead.
import { describe, expect, it } from 'vitest';
import { baselineEffect } from '../../../src/server/audience/baseline-effect.ts';
import { effectOf } from '../../../src/server/experiments/effect.ts';
import { syntheticPodcast, type SyntheticPodcast } from '../../support/synthetic-audience.ts';

const SERIES = 200;

type Figures = {
  coverage: number | null;
  median: number;
  bias: number;
  near: number;
  spread: [number, number];
};

function figures(estimates: number[], truth: number, covered: boolean[] | null): Figures {
  const sorted = [...estimates].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.round((sorted.length - 1) * q)]!;
  return {
    coverage: covered ? covered.filter(Boolean).length / covered.length : null,
    median: at(0.5),
    bias: at(0.5) - truth,
    near: estimates.filter((e) => Math.abs(e - truth) <= 0.1).length / estimates.length,
    spread: [at(0.05), at(0.95)],
  };
}

/** Today's method on the daily series: the reach typed in every day, read the day after the end. */
function beforeAfter(p: SyntheticPodcast) {
  const rows = p.days
    .filter((d) => d.downloads !== null && d.date <= p.end)
    .map((d, i) => ({ id: i + 1, metric: 'coverage', value: d.downloads!, recorded_on: d.date }));
  return effectOf(rows, p.start, p.end, { coverage: 'high' }).metrics[0]?.relative ?? null;
}

function run(effect: number, firstSeed: number) {
  const ours: number[] = [];
  const covered: boolean[] = [];
  const theirs: number[] = [];
  for (let seed = firstSeed; seed < firstSeed + SERIES; seed++) {
    const podcast = syntheticPodcast({ seed, effect });
    const result = baselineEffect(podcast);
    expect(result.enough_data, result.message ?? '').toBe(true);
    ours.push(result.relative!);
    covered.push(result.interval![0] <= effect && effect <= result.interval![1]);
    const typed = beforeAfter(podcast);
    if (typed !== null) theirs.push(typed);
  }
  return { ours: figures(ours, effect, covered), theirs: figures(theirs, effect, null) };
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const row = (name: string, f: Figures) => ({
  method: name,
  'interval holds truth': f.coverage === null ? '— (no interval)' : pct(f.coverage),
  median: pct(f.median),
  bias: `${(f.bias * 100).toFixed(1)} pts`,
  'within 10 pts': pct(f.near),
  '5–95 % of estimates': `${pct(f.spread[0])} … ${pct(f.spread[1])}`,
});

describe('baseline effect on 200 synthetic podcasts each', () => {
  it('holds its 90 % interval and finds an injected +20 %; today’s before/after beside it', () => {
    const none = run(0, 1);
    const plus = run(0.2, 1001);
    console.log('\nBaseline effect against today’s before/after (200 synthetic podcasts each)');
    console.table([
      { truth: '0 %', ...row('baseline (this)', none.ours) },
      { truth: '0 %', ...row('before/after (today)', none.theirs) },
      { truth: '+20 %', ...row('baseline (this)', plus.ours) },
      { truth: '+20 %', ...row('before/after (today)', plus.theirs) },
    ]);
    expect(none.ours.coverage).toBeGreaterThanOrEqual(0.85);
    expect(none.ours.coverage).toBeLessThanOrEqual(0.95);
    expect(plus.ours.coverage).toBeGreaterThanOrEqual(0.85);
    expect(plus.ours.coverage).toBeLessThanOrEqual(0.95);
    expect(Math.abs(plus.ours.median - 0.2)).toBeLessThanOrEqual(0.05);
  }, 120_000);
});
