// The oracle of the power bound (tests/bench/support/oracle-bound.ts) knows what the generator
// knew at the start and nothing after it. Where nothing is left to chance in the run (equal
// episodes, no wandering audience) its forecast is the truth's mean; elsewhere it is unbiased,
// and where only the audience wanders, knowing the wander at the start beats the structure alone
// over the run's first week (0.029 against 0.044 on the log scale).
import { describe, expect, it } from 'vitest';
import { SCENARIOS, scenarioPodcast } from '../../support/podcast-scenarios.ts';

const scenario = (name: string) => SCENARIOS.find((s) => s.name === name)!;
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
const spread = (values: number[]) => {
  const mean = sum(values) / values.length;
  return Math.sqrt(sum(values.map((v) => (v - mean) ** 2)) / values.length);
};

describe('the power bound’s oracle', () => {
  it('forecasts the truth exactly where the run leaves nothing to chance', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = scenarioPodcast(scenario('equal episodes, no wandering'), seed);
      p.truth.forEach((day, r) => expect(p.oracle.forecast[r]! / day.mean).toBeCloseTo(1, 9));
    }
  });

  it('is unbiased where episodes differ and the audience wanders', () => {
    const ratios: number[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const p = scenarioPodcast(scenario('ordinary, no effect'), seed);
      ratios.push(sum(p.truth.map((d) => d.mean)) / sum(p.oracle.forecast));
    }
    expect(Math.abs(sum(ratios) / ratios.length - 1)).toBeLessThan(0.02);
    expect(spread(ratios)).toBeGreaterThan(0.04);
  });

  it('knows the wander at the start: the first week closer than the structure alone', () => {
    const forecast: number[] = [];
    const structure: number[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const p = scenarioPodcast(scenario('twice a week in the run, after a regular weekly'), seed);
      const week = sum(p.truth.slice(0, 7).map((d) => d.mean));
      const baseline = p.oracle.structure.length - p.truth.length;
      forecast.push(Math.log(week / sum(p.oracle.forecast.slice(0, 7))));
      structure.push(Math.log(week / sum(p.oracle.structure.slice(baseline, baseline + 7))));
    }
    expect(spread(forecast)).toBeLessThan(0.8 * spread(structure));
  });
});
