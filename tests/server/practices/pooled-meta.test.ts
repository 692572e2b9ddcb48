// The pooled effect's arithmetic against a known truth: many made-up methods, each measured by a
// few to many podcasts whose true effects scatter around the method's typical effect; the 90 %
// interval holds the typical effect in 85–95 % of them (printed), at 5 and at 40 experiments.
// Paule–Mandel against a hand-computed case, the t quantiles against the table.
import { describe, expect, it } from 'vitest';
import {
  pauleMandel,
  pool,
  poolByKind,
  tQuantile,
  varianceOf,
} from '../../../src/server/practices/pooled-meta.ts';
import { seededRandom } from '../../../src/server/audience/baseline-bootstrap.ts';
import { normal } from '../../support/synthetic-audience.ts';
import { audienceSize } from '../../../src/shared/vocabulary.ts';
import { sizeClass } from '../../../src/server/practices/pooled-kinds.ts';

describe('pooled meta-analysis', () => {
  it('has Student t quantiles as the table gives them', () => {
    const table: [number, number][] = [
      [1, 6.3138],
      [2, 2.92],
      [4, 2.1318],
      [9, 1.8331],
      [30, 1.6973],
    ];
    for (const [df, q] of table) expect(tQuantile(0.95, df)).toBeCloseTo(q, 3);
  });

  it('finds Paule–Mandel’s tau² where the weighted squares equal k − 1', () => {
    // Two studies 0.4 apart with variance 0.01 each: Q(τ²) = 0.16 / (2 (0.01 + τ²)) = 1 → τ² = 0.07.
    expect(
      pauleMandel([
        { y: 0, v: 0.01 },
        { y: 0.4, v: 0.01 },
      ]),
    ).toBeCloseTo(0.07, 6);
    // Studies closer than their errors allow: no spread.
    expect(
      pauleMandel([
        { y: 0, v: 0.04 },
        { y: 0.1, v: 0.04 },
        { y: 0.05, v: 0.04 },
      ]),
    ).toBe(0);
  });

  it('reads a log ratio’s variance from the effect’s 90 % interval', () => {
    const se = 0.1;
    const v = varianceOf([Math.expm1(0.2 - 1.6449 * se), Math.expm1(0.2 + 1.6449 * se)])!;
    expect(Math.sqrt(v)).toBeCloseTo(se, 4);
    expect(varianceOf([0.2, 0.1])).toBeNull();
  });

  it('every audience size has its size class', () => {
    for (const key of audienceSize.keys) expect(sizeClass(key)).not.toBeNull();
  });

  for (const k of [5, 12, 40]) {
    it(`holds the typical effect in 85–95 % of 2,000 methods measured ${k} times`, () => {
      const random = seededRandom(k);
      let held = 0;
      const runs = 2000;
      for (let run = 0; run < runs; run++) {
        const mu = 0.1 * normal(random);
        const tau = [0, 0.05, 0.1, 0.2][run % 4]!;
        const studies = Array.from({ length: k }, () => {
          // Sampling errors as the baseline effect gives them: 5–30 points on the log scale.
          const se = 0.05 + 0.25 * random();
          return { y: mu + tau * normal(random) + se * normal(random), v: se * se };
        });
        const p = pool(studies)!;
        if (p.low <= mu && mu <= p.high) held++;
      }
      const coverage = held / runs;
      console.log(`k = ${k}: the 90 % interval held the typical effect in ${(coverage * 100).toFixed(1)} %`);
      expect(coverage).toBeGreaterThanOrEqual(0.85);
      expect(coverage).toBeLessThanOrEqual(0.95);
    });
  }

  it('holds the typical effect of a mix when large podcasts measure precisely and differ (by kind)', () => {
    const random = seededRandom(77);
    let plain = 0;
    let byKind = 0;
    const runs = 1000;
    for (let run = 0; run < runs; run++) {
      // Half small shows (+15 %, wide intervals), half large ones (0 %, narrow): typical +7.5 %.
      const studies = Array.from({ length: 60 }, (_, i) => {
        const small = i % 2 === 0;
        const se = small ? 0.15 + 0.1 * random() : 0.03 + 0.02 * random();
        const truth = (small ? 0.15 : 0) + 0.03 * normal(random);
        return { y: truth + se * normal(random), v: se * se, cell: small ? 's0r0' : 's2r0' };
      });
      const typical = 0.075;
      const a = pool(studies)!;
      const b = poolByKind(studies)!;
      if (a.low <= typical && typical <= a.high) plain++;
      if (b.low <= typical && typical <= b.high) byKind++;
    }
    console.log(
      `kinds of different precision: plain pool held the mix's typical effect in ${((plain / runs) * 100).toFixed(1)} %, by kind in ${((byKind / runs) * 100).toFixed(1)} %`,
    );
    expect(byKind / runs).toBeGreaterThanOrEqual(0.85);
    expect(byKind / runs).toBeLessThanOrEqual(0.95);
    expect(plain / runs).toBeLessThan(0.5);
  });
});
