// The effect of an experiment on downloads, against what the podcast's own history expected
// (baseline-effect.md explains the method in plain words). Pure: daily downloads and release
// days in, the `audienceEffect` answer out. Entscheidung AUD-24:
// - the baseline is the last BASELINE_MAX days before the start that have a figure; at least
//   MIN_BASELINE of them, or 'Zu wenig Daten' says how many there are;
// - the run is measured over its days that have a figure, today excluded (a day still counting);
//   a running experiment is measured over its days so far once MIN_RUN of them are there, and the
//   message says so; a day without a figure counts on neither side.
import type { AudienceEffect } from '../../shared/audience.ts';
import { addDays, daysBetween } from '../../shared/calendar.ts';
import { bootstrap, residualsOf } from './baseline-bootstrap.ts';
import {
  featuresOf,
  fitBaseline,
  fitBest,
  predict,
  releaseLoad,
  tailOf,
  type Shape,
} from './baseline-model.ts';
import { episodeSizes, runEpisodeShifts } from './baseline-episodes.ts';
import { effectMessage, missingBaseline, missingRun, notYetMeasured } from './baseline-messages.ts';
import { unusualDays } from './baseline-outliers.ts';
import { trendModels } from './baseline-trend.ts';
import { commonFactors, commonNotes, holidayDip, type CommonShock } from './baseline-control.ts';

export const MIN_BASELINE = 28;
export const BASELINE_MAX = 91;
export const MIN_RUN = 7;
export const LEVEL = 0.9;
const REPLICATES = 400;

export type EffectInput = {
  days: readonly { date: string; downloads: number | null }[];
  /** Publish days of the feed's episodes (yyyy-MM-dd), any order; older ones feed the tail. */
  releases: readonly string[];
  start: string;
  end: string;
  /** Berlin date of now; without it every day up to the end counts. */
  today?: string;
  replicates?: number;
  /** What other podcasts did over the same days (baseline-control.ts): the run's expectation follows it. */
  common?: CommonShock | null;
};

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

const empty = (message: string, baselineDays: number): AudienceEffect => ({
  enough_data: false,
  message,
  baseline_days: baselineDays,
  observed: null,
  expected: null,
  effect: null,
  relative: null,
  interval: null,
  days: [],
});

/** A seed from the data, so the same series always gives the same interval. */
function seedOf(values: number[]) {
  let h = 2166136261;
  for (const v of values) h = Math.imul(h ^ (v | 0), 16777619);
  return h >>> 0;
}

/**
 * What the choice of release shape leaves open, on the log scale, as a 90 % half-width: the run's
 * expectation under each shape's fit, weighted by its likelihood against the best. When every
 * release of the baseline fell on one weekday, the release bump and that weekday's factor cannot be
 * told apart (every shape fits alike), and a run that publishes more or less often is expected
 * quite differently by each: the interval then takes their spread in (without it, a
 * podcast going from weekly to twice a week after a perfectly regular baseline was held in 68 %).
 * Where the baseline's releases move through the week, one shape is far likelier and this is ~0.
 */
function shapeSpread(
  candidates: { shape: Shape; beta: number[]; logLik: number }[],
  run: { date: string }[],
  start: string,
  releases: readonly string[],
  expected: number,
) {
  const top = Math.max(...candidates.map((c) => c.logLik));
  const tails = run.map((d) => tailOf(d.date, releases));
  let weights = 0;
  let squares = 0;
  for (const c of candidates) {
    const weight = Math.exp(c.logLik - top);
    if (weight < 1e-3) continue;
    const sum = run.reduce(
      (s, d, r) => s + predict(c.beta, featuresOf(d.date, start, releases, c.shape, tails[r])),
      0,
    );
    weights += weight;
    squares += weight * Math.log(sum / expected) ** 2;
  }
  return SHAPE_Z * Math.sqrt(squares / weights);
}
/** The normal quantile of a 90 % interval. */
const SHAPE_Z = 1.645;

export function baselineEffect(input: EffectInput): AudienceEffect {
  const { start, end } = input;
  const known = input.days
    .filter((d): d is { date: string; downloads: number } => d.downloads !== null && d.downloads >= 0)
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const baseline = known.filter((d) => d.date < start && d.date >= addDays(start, -BASELINE_MAX));
  if (baseline.length < MIN_BASELINE) return empty(missingBaseline(baseline.length), baseline.length);

  const lastDay = input.today && input.today <= end ? addDays(input.today, -1) : end;
  const runLength = daysBetween(start, end) + 1;
  const needed = Math.min(MIN_RUN, runLength);
  if (lastDay < start) return empty(notYetMeasured(input.today, start, needed), baseline.length);
  const run = known.filter((d) => d.date >= start && d.date <= lastDay);
  if (run.length < needed) return empty(missingRun(run.length, needed), baseline.length);

  const releases = input.releases.filter((r) => r <= lastDay);
  const fitOf = (days: typeof baseline) =>
    fitBest(
      days.map((d) => d.date),
      start,
      releases,
      days.map((d) => d.downloads),
    );
  // Holidays the podcast was clearly heard less on are set aside, the fit redone (baseline-control.ts).
  let first = fitOf(baseline);
  const usual = holidayDip(baseline, first.fit.mu, MIN_BASELINE);
  if (usual.days !== baseline) first = fitOf(usual.days);
  // Days far above the pattern are set aside and the fit redone without them (baseline-outliers.ts).
  let kept = usual.days;
  let unusual: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const { fit, shape } = first;
    const mu =
      kept === usual.days
        ? fit.mu
        : usual.days.map((d) => predict(fit.beta, featuresOf(d.date, start, releases, shape)));
    const found = unusualDays(
      usual.days.map((d) => d.downloads),
      mu,
    );
    if (found.length <= unusual.length) break;
    unusual = found;
    const aside = new Set(found);
    kept = usual.days.filter((_, t) => !aside.has(t));
    first = fitOf(kept);
  }
  const { shape, candidates } = first;
  const y = kept.map((d) => d.downloads);
  // Each baseline episode its own size, the fit redone with them (baseline-episodes.ts).
  const dates = kept.map((d) => d.date);
  const episodes = episodeSizes(first.fit, shape, dates, y, start, releases);
  const rowsOf = (days: readonly string[]) =>
    days.map((date) => featuresOf(date, start, releases, shape, undefined, episodes.sizes));
  const baselineX = rowsOf(dates);
  const fit = fitBaseline(baselineX, y, first.fit);
  const runX = rowsOf(run.map((d) => d.date));
  // The shock every podcast felt (a holiday) moves the expectation: baseline-control.ts.
  const common = commonFactors(
    input.common,
    run.map((d) => d.date),
  );
  // The trend under two beliefs (steady, fast), weighed by the baseline: baseline-trend.ts.
  const options = {
    replicates: input.replicates ?? REPLICATES,
    seed: seedOf([...y, ...run.map((d) => d.downloads), daysBetween('2000-01-01', start)]),
    level: LEVEL,
    days: [...kept, ...run].map((d) => daysBetween(start, d.date)),
    strata: [...kept, ...run].map((d) => (releaseLoad(d.date, releases, shape.fade) >= 0.5 ? 1 : 0)),
    episodes: runEpisodeShifts(
      run.map((d) => d.date),
      start,
      releases,
      episodes,
      shape,
    ),
  };
  const trend = trendModels(fit, baselineX, y, runX, (f) =>
    bootstrap(f, baselineX, residualsOf(f, y), runX, options),
  );
  const ownDays = trend.days;
  const expectedDays = ownDays.map((v, r) => v * common.factors[r]!);
  const observed = run.reduce((s, d) => s + d.downloads, 0);
  const expected = expectedDays.reduce((s, v) => s + v, 0);
  const logRatio = Math.log(Math.max(observed, 0.5) / expected);
  const relative = Math.exp(logRatio) - 1;
  const ownExpected = ownDays.reduce((s, v) => s + v, 0);
  const open = shapeSpread(candidates, run, start, releases, ownExpected);
  const [below, above] = trend.reach(Math.max(observed, 0.5), expected, common.factors, LEVEL);
  const interval: [number, number] = [
    Math.exp(logRatio - Math.hypot(below, open, common.spread[1])) - 1,
    Math.exp(logRatio + Math.hypot(above, open, common.spread[0])) - 1,
  ];
  const complete = run.length === runLength;
  return {
    enough_data: true,
    message: effectMessage(
      relative,
      interval,
      complete ? null : { seen: run.length, of: runLength, running: lastDay < end },
      unusual.length,
      commonNotes(
        run.map((d) => d.date),
        { used: common.used, podcasts: input.common?.podcasts ?? 0 },
        usual.holidays,
      ),
    ),
    baseline_days: baseline.length,
    observed,
    expected: round(expected, 1),
    effect: round(observed - expected, 1),
    relative: round(relative, 4),
    interval: [round(interval[0], 4), round(interval[1], 4)],
    days: run.map((d, r) => ({
      date: d.date,
      observed: d.downloads,
      expected: round(expectedDays[r]!, 1),
      low: round(expectedDays[r]! * trend.dayBands[r]![0], 1),
      high: round(expectedDays[r]! * trend.dayBands[r]![1], 1),
    })),
  };
}
