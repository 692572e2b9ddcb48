// Synthetic podcasts with a known truth, for proving the baseline effect (tests/server/audience/
// baseline-effect.test.ts). Each series draws its own podcast from a seed: a level, a weekday
// pattern, a slow trend, a release schedule with gaps and pauses, a bump after each release that
// decays over a few days (each episode its own size), a slowly wandering audience (an AR(1) on the
// log scale) and negative-binomial noise; a few days have no figure. The effect, when injected,
// multiplies every day of the run from its first. Nothing here is the model's own shape: the
// release bumps add up on the level (the model multiplies), and episode sizes vary.
import { addDays } from '../../src/shared/calendar.ts';
import { seededRandom } from '../../src/server/audience/baseline-bootstrap.ts';

export type SyntheticOptions = {
  seed: number;
  /** Days of history before the start (default: drawn, 35 to 120). */
  baselineDays?: number;
  /** Days of the run (default: drawn, 14 to 42). */
  runDays?: number;
  /** Injected effect as a fraction (0.2 = +20 % from the first day of the run). */
  effect?: number;
  /** The experiment's first day (default: drawn in 2026, March to September). */
  start?: string;
  /** Seed of the noise alone (default: from `seed`): the same podcast measured again. */
  noise?: number;
};

export type SyntheticPodcast = {
  days: { date: string; downloads: number | null }[];
  releases: string[];
  start: string;
  end: string;
  /** The downloads that would have come without the experiment, per run day. */
  truth: { date: string; mean: number }[];
};

type Random = () => number;

export const normal = (random: Random) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Marsaglia–Tsang gamma with shape k ≥ 1 and scale 1. */
function gamma(random: Random, k: number): number {
  if (k < 1) return gamma(random, k + 1) * random() ** (1 / k);
  const d = k - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    if (Math.log(1 - random()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** Poisson: multiplication below 30, Hörmann's transformed rejection (PTRS) above. */
function poisson(random: Random, lambda: number): number {
  if (lambda < 30) {
    const limit = Math.exp(-lambda);
    let k = 0;
    for (let p = random(); p > limit; p *= random()) k++;
    return k;
  }
  const slam = Math.sqrt(lambda);
  const b = 0.931 + 2.53 * slam;
  const a = -0.059 + 0.02483 * b;
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = random() - 0.5;
    const v = random();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + lambda + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    const logFact = (n: number) => {
      let s = 0;
      for (let i = 2; i <= n; i++) s += Math.log(i);
      return s;
    };
    const lhs = Math.log((v * (1 / (a / (us * us) + b))) / (1.1239 + 1.1328 / (b - 3.4)));
    if (lhs <= -lambda + k * Math.log(lambda) - logFact(k)) return k;
  }
}

/** Negative binomial with mean `mu` and size `k` (variance mu + mu²/k), as gamma-Poisson. */
export const negativeBinomial = (random: Random, mu: number, k: number) =>
  poisson(random, (mu * gamma(random, k)) / k);

const between = (random: Random, low: number, high: number) => low + (high - low) * random();

export function syntheticPodcast(options: SyntheticOptions): SyntheticPodcast {
  const random = seededRandom(options.seed * 7919 + 17);
  const baselineDays = options.baselineDays ?? Math.floor(between(random, 35, 121));
  const runDays = options.runDays ?? Math.floor(between(random, 14, 43));
  const drawn = addDays('2026-03-02', Math.floor(random() * 200));
  const start = options.start ?? drawn;
  const first = addDays(start, -baselineDays - 30); // a month before the history: earlier releases
  const total = baselineDays + 30 + runDays;

  const level = Math.exp(between(random, Math.log(30), Math.log(2000)));
  const weekday = Array.from({ length: 7 }, () => Math.exp(0.15 * normal(random)));
  const slope = 0.003 * normal(random); // per day on the log scale: about ±9 % a month
  const size = between(random, 5, 50);
  const bump = between(random, 0.5, 3);
  const decay = between(random, 1, 3);

  // A release schedule: weekly, every other week or twice a week; single releases skipped, and
  // perhaps a pause of two to four weeks.
  const cadence = random() < 0.6 ? [7] : random() < 0.5 ? [14] : [3, 4];
  const pauseAt = random() < 0.4 ? Math.floor(random() * total) : -1;
  const pauseLength = Math.floor(between(random, 14, 29));
  const releases: { day: number; size: number }[] = [];
  for (let day = Math.floor(random() * 7), i = 0; day < total; day += cadence[i++ % cadence.length]!) {
    if (random() < 0.15 || (day >= pauseAt && day < pauseAt + pauseLength && pauseAt >= 0)) continue;
    releases.push({ day, size: bump * Math.exp(0.3 * normal(random)) });
  }

  const days: SyntheticPodcast['days'] = [];
  const truth: SyntheticPodcast['truth'] = [];
  const chance = seededRandom((options.noise ?? options.seed) * 104729 + 3);
  let wander = 0;
  for (let t = 0; t < total; t++) {
    wander = 0.6 * wander + 0.05 * normal(chance);
    const date = addDays(first, t);
    const dow = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    let bumps = 0;
    for (const r of releases) if (t >= r.day) bumps += r.size * Math.exp(-(t - r.day) / decay);
    const mean = level * weekday[dow]! * Math.exp(slope * (t - total) + wander) * (1 + bumps);
    const inRun = date >= start;
    if (inRun) truth.push({ date, mean });
    const downloads = negativeBinomial(chance, mean * (inRun ? 1 + (options.effect ?? 0) : 1), size);
    if (t >= 30) days.push({ date, downloads: chance() < 0.01 ? null : downloads });
  }
  return {
    days,
    releases: releases.map((r) => addDays(first, r.day)),
    start,
    end: addDays(start, runDays - 1),
    truth,
  };
}
