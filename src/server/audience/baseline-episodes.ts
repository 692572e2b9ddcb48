// Each baseline episode its own size (baseline-effect.md, "Each episode its own size"). Episodes
// differ by a factor (a hit, a dud), and a hit's long tail lifts the weeks after it: read as one
// average bump, a hit late in the baseline looked like a rising audience (the trend's spread on
// the bench's ordinary podcasts was 0.049 per four weeks, 0.031 with equal episodes) and a hit
// early like a fall. So each release seen in the baseline gets its own size from its first
// FIRST_DAYS (the excess over the formula without it, against the bump the formula gives it),
// shrunk towards the typical episode by how noisy those days are (empirical Bayes on the log
// scale) and scaling its bump and its slow tail. Episodes not seen from their start (older ones,
// the run's) are the average episode. What the sizes explain in the baseline is no longer in its
// deviations, so the replays draw the run's episodes' sizes from the baseline's spread
// (`runEpisodeShifts`). Decided 2026-12-07.
import { addDays } from '../../shared/calendar.ts';
import { featuresOf, predict, type BaselineFit, type Shape } from './baseline-model.ts';

const FIRST_DAYS = 3;
/** Fewer episodes seen from their start tell too little about how much they differ. */
const MIN_EPISODES = 4;

export type EpisodeSizes = {
  /** Per release (the order of `releases`): its size, 1 for the average episode. */
  sizes: number[];
  /** How much episodes differ: the standard deviation of their log size. */
  spread: number;
};

/** The sizes of the baseline's episodes, from the fit `fit` (rows of `dates`, downloads `y`). */
export function episodeSizes(
  fit: BaselineFit,
  shape: Shape,
  dates: readonly string[],
  y: readonly number[],
  start: string,
  releases: readonly string[],
): EpisodeSizes {
  const row = new Map(dates.map((d, t) => [d, t]));

  const seen: { index: number; log: number; noise: number }[] = [];
  releases.forEach((release, index) => {
    const days = Array.from({ length: FIRST_DAYS }, (_, d) => row.get(addDays(release, d)));
    if (days.some((t) => t === undefined)) return;
    const without = releases.map((_, i) => (i === index ? 0 : 1));
    let excess = 0;
    let bump = 0;
    let variance = 0;
    for (const t of days as number[]) {
      const mu = fit.mu[t]!;
      const other = predict(fit.beta, featuresOf(dates[t]!, start, releases, shape, undefined, without));
      excess += y[t]! - other;
      bump += mu - other;
      variance += mu + fit.alpha * mu * mu;
    }
    if (bump <= 0) return;
    const ratio = Math.max(excess / bump, 0.2);
    seen.push({ index, log: Math.log(ratio), noise: variance / (bump * ratio) ** 2 });
  });
  const sizes = releases.map(() => 1);
  if (seen.length < MIN_EPISODES) return { sizes, spread: 0 };
  const centre = seen.reduce((s, e) => s + e.log, 0) / seen.length;
  const scatter = seen.reduce((s, e) => s + (e.log - centre) ** 2, 0) / (seen.length - 1);
  const noise = seen.reduce((s, e) => s + e.noise, 0) / seen.length;
  const between = Math.max(0, scatter - noise);
  // The baseline's episodes average 1, the size of an episode not seen from its start (the run's
  // are expected like the baseline's average episode).
  const shrunk = seen.map((e) => Math.exp((between / (between + e.noise)) * (e.log - centre)));
  const mean = shrunk.reduce((s, v) => s + v, 0) / shrunk.length;
  seen.forEach((e, k) => (sizes[e.index] = shrunk[k]! / mean));
  return { sizes, spread: Math.sqrt(between) };
}

/**
 * For the replays: the run's episodes drawn at sizes exp(spread · z − spread² / 2) (mean 1) instead
 * of the average, as a log-shift per run day of the formula with coefficients `beta`. An episode adds
 * its share of the day (what the formula expects with it less what it expects without it) times its
 * size less one: linear in the sizes, so that the replays are centred on the expectation.
 */
export function runEpisodeShifts(
  runDates: readonly string[],
  start: string,
  releases: readonly string[],
  episodes: EpisodeSizes,
  shape: Shape,
) {
  const own = releases.flatMap((r, i) => (r >= start ? [i] : []));
  if (own.length === 0 || episodes.spread === 0) return null;
  const rowOf = (date: string, sizes: readonly number[]) =>
    featuresOf(date, start, releases, shape, undefined, sizes);
  const rows = runDates.map((date) => ({
    all: rowOf(date, episodes.sizes),
    without: own.map((i) =>
      rowOf(
        date,
        episodes.sizes.map((v, k) => (k === i ? 0 : v)),
      ),
    ),
  }));
  const spread = episodes.spread;
  return (beta: readonly number[], normal: () => number) => {
    const change = own.map(() => Math.exp(spread * normal() - (spread * spread) / 2) - 1);
    return rows.map(({ all, without }) => {
      const added = without.reduce((sum, row, j) => {
        const share = 1 - Math.exp(beta[8]! * (row[8]! - all[8]!) + beta[9]! * (row[9]! - all[9]!));
        return sum + share * change[j]!;
      }, 0);
      return Math.log(Math.max(1e-3, 1 + added));
    });
  };
}
