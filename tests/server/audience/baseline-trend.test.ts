// The trend weighed under two beliefs (src/server/audience/baseline-trend.ts): a baseline whose
// trend is small against how much a trend wanders in its replays reads as a steady podcast, a
// clear trend as a fast-moving one; a podcast that clearly grows is expected to keep growing in
// the run (one prior of ±5 % a month expected less than half of a 10 % growth there).
import { describe, expect, it } from 'vitest';
import { baselineEffect } from '../../../src/server/audience/baseline-effect.ts';
import { fastWeight } from '../../../src/server/audience/baseline-trend.ts';
import { scenarioPodcast } from '../../support/podcast-scenarios.ts';

describe('the trend under two beliefs', () => {
  it('weighs a small trend as steady and a clear one as fast', () => {
    // Half of all podcasts are believed fast before the baseline is seen; no trend makes it a quarter.
    expect(fastWeight(0, 0.03)).toBeLessThan(0.3);
    expect(fastWeight(0.02, 0.03)).toBeLessThan(0.3);
    expect(fastWeight(0.09, 0.02)).toBeGreaterThan(0.9);
    expect(fastWeight(-0.09, 0.02)).toBeCloseTo(fastWeight(0.09, 0.02));
    // The same trend with a wider spread in its replays is less sure to be real.
    expect(fastWeight(0.09, 0.06)).toBeLessThan(fastWeight(0.09, 0.02));
  });

  it('carries a clear growth of 10 % a month into the run', () => {
    // Equal episodes, no wandering audience, big: the baseline shows its growth clearly.
    const scenario = {
      name: 'clear growth',
      truth: 0,
      growth: 0.1,
      equalEpisodes: true,
      calm: true,
      size: 3000,
    };
    const estimates = [1, 2, 3, 4, 5, 6].map(
      (seed) => baselineEffect(scenarioPodcast(scenario, seed)).relative!,
    );
    const sorted = [...estimates].sort((a, b) => a - b);
    expect(Math.abs((sorted[2]! + sorted[3]!) / 2)).toBeLessThanOrEqual(0.03);
  }, 60_000);
});
