// The model behind the baseline effect (baseline-effect.md says it in plain words): a podcast's
// daily downloads as a level times a weekday factor times a slow trend times a bump after each
// release, fitted to the days before an experiment. A negative-binomial regression with a log
// link, fitted by iteratively reweighted least squares, with ridge penalties as priors (below):
// they keep it solvable when releases always fall on the same weekday, and keep a trend from
// running away with what the release curve does not fit. Decided 2026-12-01.
import { daysBetween } from '../../shared/calendar.ts';

/**
 * The release curve: on top of the day's usual downloads, a bump of `height` times them on the
 * release day, fading by e every `fade` days; bumps of overlapping releases add up. The fit tries
 * each shape below (its free coefficient scales the bump) and keeps the likeliest.
 */
export type Shape = { fade: number; height: number };
export const SHAPES: Shape[] = [0.7, 1, 1.5, 2, 3, 4, 6].flatMap((fade) =>
  [1, 3, 9].map((height) => ({ fade, height })),
);
/** The release bump's horizon: a bump older than this many days no longer counts. */
export const BUMP_HORIZON = 42;
/**
 * The back catalogue's slow part: each episode keeps earning for months on a long tail, so a feed
 * that stops publishing keeps fading for weeks (expected to hold its level, such a
 * podcast was told „weniger" in a third of cases). A second, slow curve (fading by e every
 * TAIL_FADE days) carries it; releases older than RELEASE_HORIZON days no longer count at all.
 * Decided 2026-12-06.
 */
export const TAIL_FADE = 30;
export const RELEASE_HORIZON = 120;
/** Trend in units of four weeks, so its coefficient reads 'per month'. */
const TREND_UNIT = 28;
/**
 * Ridge penalties (1 / prior variance on the log scale): weekdays differ by tens of percent, a
 * release by a multiple, so when releases always fall on one weekday the spike is the release's
 * (a pause then expects no spike), not the weekday's. The level is free. The trend's prior is a
 * parameter: ±5 % per four weeks (TREND_PRIOR) while the release shape is chosen and unusual days
 * are found; the expectation itself weighs a steady and a fast-moving trend (baseline-trend.ts).
 */
const RIDGE = { weekday: 1 / 0.3 ** 2, release: 1 / 3 ** 2, tail: 1 / 0.5 ** 2 };
export const TREND_PRIOR = 0.05;
/** The trend's coefficient in a row of the design. */
export const TREND = 7;
const ridgeOf = (i: number, trendSd: number) =>
  i === 0 ? 0 : i < 7 ? RIDGE.weekday : i === TREND ? 1 / trendSd ** 2 : i === 8 ? RIDGE.release : RIDGE.tail;

export const FEATURES = 10;

/**
 * How much of the release bumps is still on `date`: 1 on a release day, fading by e every `fade` days;
 * `sizes` (per release, 1 for an average episode) scale each episode's bump (baseline-episodes.ts).
 */
export function releaseLoad(
  date: string,
  releases: readonly string[],
  fade: number,
  horizon = BUMP_HORIZON,
  sizes?: readonly number[],
) {
  const at = dayNumber(date);
  let load = 0;
  dayNumbersOf(releases).forEach((release, i) => {
    const since = at - release;
    if (since >= 0 && since <= horizon) load += (sizes?.[i] ?? 1) * Math.exp(-since / fade);
  });
  return load;
}

// Day numbers instead of daysBetween on every pair: one answer asks for each release against each
// day under every shape (tens of thousands of pairs), and parsing two dates each time was a third
// of its CPU. A release list is converted once (the same array is passed throughout an answer).
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const releaseDays = new WeakMap<readonly string[], number[]>();
function dayNumbersOf(releases: readonly string[]) {
  let days = releaseDays.get(releases);
  if (!days) releaseDays.set(releases, (days = releases.map(dayNumber)));
  return days;
}

/** One row of the design: level, weekday (Monday is the reference), trend, the release curve, the tail. */
export function featuresOf(
  date: string,
  start: string,
  releases: readonly string[],
  shape: Shape,
  tail?: number,
  sizes?: readonly number[],
): number[] {
  const x = new Array<number>(FEATURES).fill(0);
  x[0] = 1;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  if (weekday > 0) x[weekday] = 1;
  x[TREND] = daysBetween(start, date) / TREND_UNIT;
  x[8] = Math.log(1 + shape.height * releaseLoad(date, releases, shape.fade, BUMP_HORIZON, sizes));
  x[9] = tail ?? tailOf(date, releases, sizes);
  return x;
}

/** The slow tail's feature on `date` (the same for every shape, so computed once per day). */
export const tailOf = (date: string, releases: readonly string[], sizes?: readonly number[]) =>
  Math.log(1 + releaseLoad(date, releases, TAIL_FADE, RELEASE_HORIZON, sizes) / 4);

/** Cholesky factor of a symmetric positive definite matrix (lower, row-major). */
export function cholesky(a: number[][]): number[][] {
  const n = a.length;
  const l = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i]![j]!;
      for (let k = 0; k < j; k++) sum -= l[i]![k]! * l[j]![k]!;
      l[i]![j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / l[j]![j]!;
    }
  }
  return l;
}

/** Solves L Lᵀ x = b. */
export function cholSolve(l: number[][], b: number[]): number[] {
  const n = b.length;
  const y = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i]![k]! * y[k]!;
    y[i] = sum / l[i]![i]!;
  }
  const x = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k++) sum -= l[k]![i]! * x[k]!;
    x[i] = sum / l[i]![i]!;
  }
  return x;
}

export type BaselineFit = {
  beta: number[];
  /** Fitted mean per baseline day. */
  mu: number[];
  /** IRLS weight per baseline day (the day's information on the log scale). */
  weight: number[];
  /** Overdispersion: variance = mu + alpha·mu². */
  alpha: number;
  /** Gaussian log-likelihood with the model's variance, to compare fades. */
  logLik: number;
  /** The penalised information Xᵀ W X + Λ. */
  info: number[][];
  /** Solves the penalised normal equations (Xᵀ W X + Λ)·x = b. */
  solve: (b: number[]) => number[];
};

const dot = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);
export const predict = (beta: number[], x: number[]) => Math.exp(Math.min(dot(beta, x), 30));

/** Xᵀ W X + Λ for the rows `x` and weights `weight`. */
function information(x: number[][], weight: number[], trendSd: number): number[][] {
  const p = FEATURES;
  const a = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => (i !== j || i === 0 ? 0 : ridgeOf(i, trendSd))),
  );
  x.forEach((row, t) => {
    for (let i = 0; i < p; i++) {
      if (row[i] === 0) continue;
      const wi = weight[t]! * row[i]!;
      for (let j = 0; j <= i; j++) a[i]![j]! += wi * row[j]!;
    }
  });
  for (let i = 0; i < p; i++) for (let j = 0; j < i; j++) a[j]![i] = a[i]![j]!;
  return a;
}

/** Fits the model to the baseline's rows `x` and downloads `y`. */
export function fitBaseline(
  x: number[][],
  y: number[],
  from?: BaselineFit,
  trendSd = TREND_PRIOR,
): BaselineFit {
  const n = y.length;
  const p = FEATURES;
  const mean = y.reduce((s, v) => s + v, 0) / n;
  let beta = from ? [...from.beta] : new Array<number>(p).fill(0);
  if (!from) beta[0] = Math.log(mean + 0.5);
  let alpha = from?.alpha ?? 0;
  const weightsOf = (mu: number[]) => mu.map((m) => m / (1 + alpha * m));
  for (let iteration = 0; iteration < 50; iteration++) {
    const mu = x.map((row) => predict(beta, row));
    const weight = weightsOf(mu);
    const xtwz = new Array<number>(p).fill(0);
    x.forEach((row, t) => {
      const z = dot(beta, row) + (y[t]! - mu[t]!) / mu[t]!;
      for (let i = 0; i < p; i++) if (row[i] !== 0) xtwz[i]! += weight[t]! * row[i]! * z;
    });
    const next = cholSolve(cholesky(information(x, weight, trendSd)), xtwz);
    const change = Math.max(...next.map((b, i) => Math.abs(b - beta[i]!)));
    beta = next;
    // Method of moments for the overdispersion, from the new fit.
    const fitted = x.map((row) => predict(beta, row));
    const excess = y.reduce((s, v, t) => s + ((v - fitted[t]!) ** 2 - fitted[t]!) / fitted[t]! ** 2, 0);
    alpha = Math.max(0, excess / Math.max(1, n - p));
    if (change < 1e-6) break;
  }
  const mu = x.map((row) => predict(beta, row));
  const weight = weightsOf(mu);
  const info = information(x, weight, trendSd);
  const factor = cholesky(info);

  const logLik = y.reduce(
    (sum, v, t) =>
      sum -
      0.5 * Math.log(mu[t]! + alpha * mu[t]! ** 2) -
      (0.5 * (v - mu[t]!) ** 2) / (mu[t]! + alpha * mu[t]! ** 2),
    0,
  );

  return {
    beta,
    mu,
    weight,
    alpha,
    logLik,
    info,
    solve: (b) => cholSolve(factor, b),
  };
}

/**
 * Fits the model with each release shape and keeps the likeliest (a Gaussian quasi-likelihood);
 * `candidates` are all shapes' fits, for what the choice of shape leaves open (baseline-effect.ts).
 */
export function fitBest(dates: readonly string[], start: string, releases: readonly string[], y: number[]) {
  let best: { fit: BaselineFit; shape: Shape; x: number[][] } | undefined;
  const candidates: { shape: Shape; beta: number[]; logLik: number }[] = [];
  const tails = dates.map((date) => tailOf(date, releases));
  for (const shape of SHAPES) {
    const x = dates.map((date, t) => featuresOf(date, start, releases, shape, tails[t]));
    const fit = fitBaseline(x, y, best?.fit);
    candidates.push({ shape, beta: fit.beta, logLik: fit.logLik });
    if (!best || fit.logLik > best.fit.logLik) best = { fit, shape, x };
  }
  return { ...best!, candidates };
}
