// An experiment's episodes against the episodes before it, at the same age (baseline-effect.md,
// „Je Folge“). Pure: the episodes' counts by age in, the `episodes` part of the effect out.
// Entscheidung AUD-31:
// - Compared: the episodes released from the start to the end with a figure at the age (7, 30
//   days; an age not yet lived has none, episode-counts.ts) against the last BEFORE_MAX episodes
//   released in the year before the start with a figure at that age.
// - The estimate is the ratio of the run's episodes to the episodes before on the log scale
//   (episodes differ by a factor, a hit and a dud: their logs are roughly normal), with a linear
//   trend in the publication day beside it: an audience that grows 10 % a month made the plain
//   ratio of geometric means say +19 % at no effect (bench), and a drift of 2 % a
//   month held only 84 % where episodes are alike. Its 90 % interval is Student's t from that
//   regression (run indicator, trend, intercept; n − 3 degrees of freedom), the spread pooled over
//   both groups (the run's two to eight episodes alone cannot estimate theirs). Half a year of
//   weekly episodes (BEFORE_MAX 26) pins the trend down; with 12 the intervals were 40 % wider.
//   Counts get +0.5 (a 0 exists).
// - At least MIN_RUN episodes in the run and MIN_BEFORE before, else 'Zu wenig Daten' says which.
// - Calibrated on a generator with a known truth (tests/support/episode-scenarios.ts, printed by
//   tests/bench/episode-effect-calibration.ts; baseline-effect.md „Je Folge“).
import type { EpisodeComparison, EpisodeEffect } from '../../shared/episode-effect.ts';
import { addDays, daysBetween } from '../../shared/calendar.ts';
import { studentT } from './baseline-bootstrap.ts';
import { comparisonSentence, episodeEffectMessages } from './episode-effect-messages.ts';

export const EFFECT_AGES = [7, 30] as const;
export const MIN_RUN = 2;
export const MIN_BEFORE = 6;
export const BEFORE_MAX = 26;
const BEFORE_WINDOW = 365;
const LEVEL = 0.9;

export type EpisodeFigure = { published_on: string | null; counts: ReadonlyMap<number, number> };

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const squares = (xs: number[], m: number) => xs.reduce((s, x) => s + (x - m) ** 2, 0);

/** Solves the 3 × 3 system `a x = b` (Gaussian elimination), or null when it is singular. */
function solve3(a: number[][], b: number[]) {
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < 3; c++) {
    const p = m
      .slice(c)
      .reduce((best, row, i) => (Math.abs(row[c]!) > Math.abs(m[best]![c]!) ? c + i : best), c);
    [m[c], m[p]] = [m[p]!, m[c]!];
    if (Math.abs(m[c]![c]!) < 1e-12) return null;
    for (let r = 0; r < 3; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k < 4; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[3]! / row[i]!);
}

type Point = { t: number; count: number };

/**
 * The run's difference on the log scale with a trend beside it: log(count) = a + b·t + d·run by
 * least squares; d, its variance and the degrees of freedom. Null when the days cannot carry a
 * trend (all on one day).
 */
function trendFit(points: (Point & { run: number })[], y: number[]) {
  const tMean = mean(points.map((p) => p.t));
  const x = points.map((p) => [1, (p.t - tMean) / 30, p.run]);
  const xtx = [0, 1, 2].map((i) => [0, 1, 2].map((j) => x.reduce((s, row) => s + row[i]! * row[j]!, 0)));
  const beta = solve3(
    xtx,
    [0, 1, 2].map((i) => x.reduce((s, row, k) => s + row[i]! * y[k]!, 0)),
  );
  const unit = solve3(xtx, [0, 0, 1]);
  if (!beta || !unit) return null;
  const df = points.length - 3;
  const rss = x.reduce((s, row, k) => s + (y[k]! - row.reduce((a, v, i) => a + v * beta[i]!, 0)) ** 2, 0);
  return { d: beta[2]!, variance: (rss / df) * unit[2]!, df };
}

function compare(age: number, run: Point[], before: Point[]): EpisodeComparison {
  const points = [...run.map((p) => ({ ...p, run: 1 })), ...before.map((p) => ({ ...p, run: 0 }))];
  const y = points.map((p) => Math.log(p.count + 0.5));
  const [r, b] = [y.slice(0, run.length), y.slice(run.length)];
  const [mr, mb] = [mean(r), mean(b)];
  const df = points.length - 2;
  const fit = trendFit(points, y) ?? {
    d: mr - mb,
    variance: ((squares(r, mr) + squares(b, mb)) / df) * (1 / r.length + 1 / b.length),
    df,
  };
  const half = studentT(1 - (1 - LEVEL) / 2, fit.df) * Math.sqrt(fit.variance);
  return {
    age,
    run_episodes: run.length,
    before_episodes: before.length,
    run_mean: round(Math.exp(mr) - 0.5),
    before_mean: round(Math.exp(mb) - 0.5),
    relative: round(Math.exp(fit.d) - 1),
    interval: [round(Math.exp(fit.d - half) - 1), round(Math.exp(fit.d + half) - 1)],
  };
}

/** The per-episode comparison of a run from `start` to `end`; null when no episode has a figure. */
export function episodeEffect(
  episodes: readonly EpisodeFigure[],
  start: string,
  end: string,
): EpisodeEffect | null {
  const dated = episodes.filter(
    (e): e is EpisodeFigure & { published_on: string } => e.published_on !== null && e.counts.size > 0,
  );
  if (dated.length === 0) return null;
  const comparisons: EpisodeComparison[] = [];
  const point = (e: { published_on: string; counts: ReadonlyMap<number, number> }, age: number) => ({
    t: daysBetween(start, e.published_on),
    count: e.counts.get(age)!,
  });
  let shortOf: string | null = null;
  for (const age of EFFECT_AGES) {
    const at = (list: typeof dated) => list.filter((e) => e.counts.has(age));
    const run = at(dated.filter((e) => e.published_on >= start && e.published_on <= end));
    const before = at(
      dated.filter((e) => e.published_on < start && e.published_on >= addDays(start, -BEFORE_WINDOW)),
    )
      .sort((a, b) => b.published_on.localeCompare(a.published_on))
      .slice(0, BEFORE_MAX);
    if (run.length < MIN_RUN) shortOf ??= episodeEffectMessages.tooFew(run.length, MIN_RUN);
    else if (before.length < MIN_BEFORE)
      shortOf ??= episodeEffectMessages.tooFewBefore(before.length, MIN_BEFORE);
    else
      comparisons.push(
        compare(
          age,
          run.map((e) => point(e, age)),
          before.map((e) => point(e, age)),
        ),
      );
  }
  const message = comparisons.length > 0 ? comparisons.map(comparisonSentence).join(' ') : shortOf!;
  return { message, comparisons };
}
