// How much of a +20 % any calibrated 90 % interval could find on the bench's ordinary podcasts
// (tests/support/podcast-scenarios.ts): estimators that are told part of the generator's truth,
// their error spread, and the share of +20 % found by a constant-width interval set to hold 90 % of
// the same podcasts without an effect. The method's own row beside them, on the same podcasts.
// - told everything up to the start: each podcast's structure (catalogue, weekdays, trend, the
//   baseline's episodes at their true sizes, the run's at their mean) and its audience's wander on
//   the last baseline day, carried on as the AR(1) expects: only the future is unknown (the run's
//   episodes' sizes, the wander's new steps, the counts' noise);
// - told the structure, not the wander: the level from the baseline's last 28 (or all 91) days
//   against the structure, carried on flat;
// - told the structure but its trend: level and trend fitted to the 91 days against it (least
//   squares on the log scale for the trend, the level as a ratio of sums);
// - Kompass on the series divided by its structure without the trend: what its level and trend
//   under two beliefs cost, without the weekdays and the releases' shape and sizes to find.
// Run: npx tsx tests/bench/effect-calibration.ts 400 oracle
import { baselineEffect } from '../../../src/server/audience/baseline-effect.ts';
import { SCENARIOS, scenarioPodcast } from '../../support/podcast-scenarios.ts';
import { pct } from './calibration-figures.ts';

type Podcast = ReturnType<typeof scenarioPodcast>;
type Estimator = { name: string; estimate: (p: Podcast) => number };

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** The run's observed downloads against a forecast per run day, over the days with a figure. */
function logRatio(p: Podcast, forecast: (r: number) => number) {
  const baseline = p.days.length - p.truth.length;
  let observed = 0;
  let expected = 0;
  p.truth.forEach((_, r) => {
    const downloads = p.days[baseline + r]!.downloads;
    if (downloads === null) return;
    observed += downloads;
    expected += forecast(r);
  });
  return Math.log(observed / expected);
}

/** The level of the last `days` baseline days (with a figure) against the structure. */
function level(p: Podcast, days: number) {
  const baseline = p.days.length - p.truth.length;
  const recent = p.days.slice(baseline - days, baseline).map((d, i) => ({ d, i: baseline - days + i }));
  const known = recent.filter(({ d }) => d.downloads !== null);
  return sum(known.map(({ d }) => d.downloads!)) / sum(known.map(({ i }) => p.oracle.structure[i]!));
}

const ESTIMATORS: Estimator[] = [
  { name: 'told everything up to the start', estimate: (p) => logRatio(p, (r) => p.oracle.forecast[r]!) },
  ...[28, 91].map((days) => ({
    name: `told the structure, level from the last ${days} days`,
    estimate: (p: Podcast) => {
      const at = level(p, days);
      const baseline = p.days.length - p.truth.length;
      return logRatio(p, (r) => at * p.oracle.structure[baseline + r]!);
    },
  })),
  {
    name: 'told the structure but its trend, both fitted to the 91 days',
    estimate: (p) => {
      const baseline = p.days.length - p.truth.length;
      const flat = (i: number) => p.oracle.structure[i]! / Math.exp(p.oracle.trend[i]!);
      const points = p.days
        .slice(0, baseline)
        .flatMap((d, i) =>
          d.downloads === null ? [] : [{ i, y: Math.log((d.downloads + 0.5) / flat(i)), d: d.downloads }],
        );
      const meanI = sum(points.map((q) => q.i)) / points.length;
      const meanY = sum(points.map((q) => q.y)) / points.length;
      const slope =
        sum(points.map((q) => (q.i - meanI) * (q.y - meanY))) / sum(points.map((q) => (q.i - meanI) ** 2));
      const shaped = (i: number) => flat(i) * Math.exp(slope * (i - baseline));
      const at = sum(points.map((q) => q.d)) / sum(points.map((q) => shaped(q.i)));
      return logRatio(p, (r) => at * shaped(baseline + r));
    },
  },
  {
    name: 'Kompass told the structure but its trend (the series divided by it, no releases)',
    estimate: (p) => {
      const flat = p.oracle.structure.map((v, i) => v / Math.exp(p.oracle.trend[i]!));
      const scale = sum(flat) / flat.length;
      const days = p.days.map((d, i) => ({
        date: d.date,
        downloads: d.downloads === null ? null : (d.downloads / flat[i]!) * scale,
      }));
      return Math.log(1 + baselineEffect({ ...p, days, releases: [] }).relative!);
    },
  },
  {
    name: 'Kompass (baseline-effect.ts), at a constant width',
    estimate: (p) => Math.log(1 + baselineEffect(p).relative!),
  },
];

export const oracleHeader = [
  '| estimator (ordinary podcasts) | error spread (log) | 90 % half-width holding the no-effect podcasts | +20 % found |',
  '|---|---|---|---|',
];

/** One line per estimator: its error without an effect, and the +20 % it finds at a width holding 90 %. */
export function oracleLines(podcasts: number) {
  const none = SCENARIOS.find((s) => s.name === 'ordinary, no effect')!;
  const plus = SCENARIOS.find((s) => s.name === 'ordinary, +20 %')!;
  return ESTIMATORS.map((e) => {
    const errors: number[] = [];
    const lifted: number[] = [];
    for (let seed = 1; seed <= podcasts; seed++) {
      errors.push(e.estimate(scenarioPodcast(none, seed)));
      lifted.push(e.estimate(scenarioPodcast(plus, seed)));
    }
    const spread = Math.sqrt(sum(errors.map((v) => v * v)) / podcasts);
    const absolute = errors.map(Math.abs).sort((a, b) => a - b);
    const half = absolute[Math.ceil(0.9 * podcasts) - 1]!;
    const found = lifted.filter((v) => v - half > 0).length / podcasts;
    return `| ${e.name} | ${spread.toFixed(3)} | ${half.toFixed(3)} | ${pct(found)} |`;
  });
}
