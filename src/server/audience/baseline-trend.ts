// How fast the audience grows or shrinks, as two beliefs weighed by the baseline (baseline-effect.md,
// "The trend under two beliefs"): a steady podcast drifts by about STEADY a month, a fast-moving
// one by about FAST; before the baseline is seen, FAST_SHARE of podcasts are believed fast (a scale
// mixture of two normals: a small trend is shrunk hard, a clear one little). The formula is fitted
// under each; the trend fitted under the fast belief, against how much that trend wanders in its
// replays when nothing grows (the bootstrap's trendSpread), weighs them by Bayes' rule. The
// expectation is the weighted mean of the two, the interval the weighted mixture of both fits'
// replays: where the baseline cannot tell them apart, it holds both extrapolations over the run's
// distance. One prior of ±5 % a month held a podcast growing 10 % a month back (median +5.3 % at
// no effect, „mehr" in 12.5 %; 400 podcasts) and cost the others' estimates much of their spread
// (100 podcasts, log scale: no trend 0.111, ±5 % 0.132, free 0.148). Decided 2026-12-07.
import type { Bootstrap } from './baseline-bootstrap.ts';
import { fitBaseline, predict, TREND, type BaselineFit } from './baseline-model.ts';

/** Per four weeks: a steady podcast's trend (prior standard deviation) … */
export const STEADY = 0.02;
/** … a fast-moving one's (nearly free) … */
export const FAST = 0.1;
/** … and the share of podcasts believed to move fast before their baseline is seen. */
export const FAST_SHARE = 0.5;

/** The probability that the podcast moves fast, from its trend fitted nearly free and that trend's spread. */
export function fastWeight(trend: number, spread: number) {
  const density = (variance: number) => Math.exp((-0.5 * trend ** 2) / variance) / Math.sqrt(variance);
  const fast = FAST_SHARE * density(spread ** 2 + FAST ** 2);
  const steady = (1 - FAST_SHARE) * density(spread ** 2 + STEADY ** 2);
  return fast / (fast + steady);
}

export type TrendModel = { fit: BaselineFit; days: number[]; spread: Bootstrap };

/** The formula fitted under both beliefs (from the chosen fit), each with its expected run days and replays. */
export function trendModels(
  chosen: BaselineFit,
  x: number[][],
  y: number[],
  runX: number[][],
  replay: (fit: BaselineFit) => Bootstrap,
) {
  const models = [STEADY, FAST].map((sd): TrendModel => {
    const fit = fitBaseline(x, y, chosen, sd);
    return { fit, days: runX.map((row) => predict(fit.beta, row)), spread: replay(fit) };
  });
  const [steady, fast] = models as [TrendModel, TrendModel];
  const weight = fastWeight(fast.fit.beta[TREND]!, fast.spread.trendSpread);
  const mix = (a: number, b: number) => (1 - weight) * a + weight * b;
  return {
    weight,
    /** The expected run days: the weighted mean of both fits'. */
    days: steady.days.map((v, r) => mix(v, fast.days[r]!)),
    dayBands: steady.spread.dayBands.map(([low, high], r): [number, number] => [
      mix(low, fast.spread.dayBands[r]![0]),
      mix(high, fast.spread.dayBands[r]![1]),
    ]),
    /**
     * How far below and above log(observed / `expected`) the interval reaches: the 5 % and 95 %
     * quantiles of both fits' replays, each laid at its own log(observed / its expectation), weighted;
     * `factors` move each run day's expectation as they move `expected` (baseline-control.ts).
     */
    reach(observed: number, expected: number, factors: number[], level: number): [number, number] {
      const points = models.flatMap((m, k) => {
        const centre = Math.log(observed / m.days.reduce((s, v, r) => s + v * factors[r]!, 0));
        const share = (k === 0 ? 1 - weight : weight) / m.spread.draws.length;
        return m.spread.draws.map((d) => ({ value: centre - d, share }));
      });
      points.sort((a, b) => a.value - b.value);
      const tail = (1 - level) / 2;
      const at = (q: number) => {
        let sum = 0;
        for (const p of points) if ((sum += p.share) >= q) return p.value;
        return points.at(-1)!.value;
      };
      const centre = Math.log(observed / expected);
      return [Math.max(0, centre - at(tail)), Math.max(0, at(1 - tail) - centre)];
    },
  };
}
