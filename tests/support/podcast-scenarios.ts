// Podcasts shaped like real ones, for calibrating the baseline effect (tests/bench/
// effect-calibration.ts prints the whole table; tests/server/audience/effect-calibration.test.ts
// asserts its band on a few scenarios). Built unlike the method's formula on purpose (issue 55):
// - each episode earns its own total (log-normal, ±40 % on the log scale) along a long tail: a
//   share (d + 1)^−p of it on day d after the release, for 120 days, p per podcast (1.3–2);
// - the back catalogue beneath it; a weekday pattern; a slow trend;
// - an audience that wanders (AR(1) on the log scale, a month's memory);
// - negative-binomial counts (variance μ + μ²/k, k per podcast 10–80); 1 % of days without a figure;
// - a schedule: weekly, fortnightly or twice a week, on the same weekday(s), a release now and then
//   a day early or late or skipped.
// Each scenario (SCENARIOS, the table of issue 55) changes one thing. 91 days before the start,
// 28 days of run, 120 days of history before that (its releases' tails reach the baseline).
import { addDays } from '../../src/shared/calendar.ts';
import { seededRandom } from '../../src/server/audience/baseline-bootstrap.ts';
import { negativeBinomial, normal, type SyntheticPodcast } from './synthetic-audience.ts';

export type Scenario = {
  name: string;
  /** The injected effect on every run day (0.2 = +20 %). */
  truth: number;
  /** Mean downloads a day: drawn 80–3000 unless given. */
  size?: number;
  /** Every release on one weekday, none skipped or moved, all episodes equal. */
  regular?: boolean;
  /** All episodes equal (no ±40 %). */
  equalEpisodes?: boolean;
  /** No wandering audience. */
  calm?: boolean;
  /** Weekly before the start, twice a week during the run. */
  twiceInRun?: boolean;
  /** Three days at ×5 somewhere in the baseline. */
  viral?: boolean;
  /** The run spans Christmas; 23 Dec – 1 Jan at −30 %. */
  holiday?: boolean;
  /** The feed's last release 21 days before the start. */
  stopped?: boolean;
  /** Growth per month (0.1 = +10 %); drawn around 0 (±2 %) unless given. */
  growth?: number;
  /** Measured with a control series of this many other podcasts of the scenario over the same days (control-podcasts.ts). */
  control?: number;
};

export const BASELINE_DAYS = 91;
export const RUN_DAYS = 28;
const HISTORY_DAYS = 120;
const TAIL_DAYS = 120;

export const SCENARIOS: Scenario[] = [
  { name: 'ordinary, no effect', truth: 0 },
  { name: 'ordinary, +20 %', truth: 0.2 },
  { name: 'twice a week in the run (was weekly)', truth: 0, twiceInRun: true },
  { name: 'twice a week in the run, after a regular weekly', truth: 0, twiceInRun: true, regular: true },
  { name: 'viral week (×5, 3 days) in the baseline', truth: 0, viral: true },
  { name: 'viral week in the baseline, +20 %', truth: 0.2, viral: true },
  { name: 'holiday dip (−30 %) in the run', truth: 0, holiday: true },
  { name: 'holiday dip (−30 %) in the run, control of 24 podcasts', truth: 0, holiday: true, control: 24 },
  { name: 'stopped publishing 3 weeks before', truth: 0, stopped: true },
  { name: 'very small (5 a day), no effect', truth: 0, size: 5 },
  { name: 'very small (5 a day), +50 %', truth: 0.5, size: 5 },
  { name: 'big (30,000 a day), +5 %', truth: 0.05, size: 30_000 },
  { name: 'growth +10 % a month, no effect', truth: 0, growth: 0.1 },
  { name: 'equal episodes, no wandering', truth: 0, equalEpisodes: true, calm: true },
];

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const logUniform = (random: () => number, low: number, high: number) =>
  Math.exp(between(random, Math.log(low), Math.log(high)));

/**
 * What an oracle knows at the start (tests/bench/support/oracle-bound.ts): per day of `days`, the
 * mean with the audience's wander at 0 and the run's episodes at their mean size (the podcast's
 * structure; `trend` its log trend), and per run day the best forecast of the mean from everything up to the start (the
 * wander carried on as its AR(1) expects, the run's episodes at their mean size, no effect).
 */
export type Oracle = { structure: number[]; forecast: number[]; trend: number[] };

/** The wandering audience: an AR(1) on the log scale, a month's memory. */
const WANDER = { memory: 0.9, step: 0.02 };

/** `options.start`: the podcast over other days (a control podcast beside another's run). */
export function scenarioPodcast(
  scenario: Scenario,
  seed: number,
  options: { start?: string } = {},
): SyntheticPodcast & { oracle: Oracle } {
  const random = seededRandom(seed * 7919 + 101);
  const drawn = scenario.holiday
    ? addDays('2026-12-14', Math.floor(random() * 8))
    : addDays('2026-03-02', Math.floor(random() * 220));
  const start = options.start ?? drawn;
  const total = HISTORY_DAYS + BASELINE_DAYS + RUN_DAYS;
  const dateOf = (t: number) => addDays(start, t - HISTORY_DAYS - BASELINE_DAYS);
  const startT = HISTORY_DAYS + BASELINE_DAYS;

  const mean = scenario.size ?? logUniform(random, 80, 3000);
  const episodeShare = between(random, 0.2, 0.6);
  const power = between(random, 1.3, 2);
  const curve = Array.from({ length: TAIL_DAYS }, (_, d) => (d + 1) ** -power);
  const curveSum = curve.reduce((s, v) => s + v, 0);
  const weekday = Array.from({ length: 7 }, (_, d) =>
    Math.exp(0.12 * normal(random) + (d >= 5 ? between(random, -0.25, 0) : 0)),
  );
  const weekdayMean = weekday.reduce((s, v) => s + v, 0) / 7;
  const slope =
    scenario.growth !== undefined ? Math.log(1 + scenario.growth) / 30.4 : (0.02 / 30.4) * normal(random);
  const dispersion = logUniform(random, 10, 80);

  const cadence =
    scenario.regular || scenario.twiceInRun ? 7 : random() < 0.6 ? 7 : random() < 0.4 ? 14 : 3.5;
  const episode = (mean * episodeShare * cadence) / curveSum; // an average episode's day-0 height
  const catalogue = mean * (1 - episodeShare);
  const releases: { t: number; height: number; mean: number }[] = [];
  const firstDay = Math.floor(random() * 7);
  const plan: number[] = [];
  for (let t = firstDay; t < startT; t += cadence) plan.push(Math.round(t));
  if (scenario.twiceInRun) {
    for (let t = firstDay + Math.ceil((startT - firstDay) / 7) * 7; t < total; t += 7) {
      plan.push(t, t + 3);
    }
  } else {
    for (let t = plan.at(-1)! + cadence; t < total; t += cadence) plan.push(Math.round(t));
  }
  for (const planned of plan) {
    let t = planned;
    if (!scenario.regular) {
      if (random() < 0.08) continue;
      if (random() < 0.1) t += random() < 0.5 ? -1 : 1;
    }
    if (scenario.stopped && t >= startT - 21) continue;
    if (t < 0 || t >= total) continue;
    const equal = scenario.regular || scenario.equalEpisodes;
    releases.push({
      t,
      height: episode * (equal ? 1 : Math.exp(0.4 * normal(random) - 0.08)),
      mean: episode,
    });
  }

  const viralAt = scenario.viral ? HISTORY_DAYS + Math.floor(random() * (BASELINE_DAYS - 3)) : -1;
  const chance = seededRandom(seed * 104729 + 7);
  let wander = scenario.calm ? 0 : 0.046 * normal(chance);
  const days: SyntheticPodcast['days'] = [];
  const truth: SyntheticPodcast['truth'] = [];
  const oracle: Oracle = { structure: [], forecast: [], trend: [] };
  let wanderAtStart = 0;
  for (let t = 0; t < total; t++) {
    if (t === startT) wanderAtStart = wander;
    if (!scenario.calm) wander = WANDER.memory * wander + WANDER.step * normal(chance);
    const date = dateOf(t);
    const dow = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    let episodes = 0;
    let known = 0;
    for (const r of releases) {
      if (t < r.t || t - r.t >= TAIL_DAYS) continue;
      episodes += r.height * curve[t - r.t]!;
      known += (r.t < startT ? r.height : r.mean) * curve[t - r.t]!;
    }
    let expected =
      (catalogue + episodes) * (weekday[dow]! / weekdayMean) * Math.exp(slope * (t - startT) + wander);
    let factor = (weekday[dow]! / weekdayMean) * Math.exp(slope * (t - startT));
    const md = date.slice(5);
    if (t >= viralAt && t < viralAt + 3) [expected, factor] = [expected * 5, factor * 5];
    if (scenario.holiday && (md >= '12-23' || md <= '01-01'))
      [expected, factor] = [expected * 0.7, factor * 0.7];
    if (t < HISTORY_DAYS) continue;
    const structure = (catalogue + known) * factor;
    if (t >= startT) {
      truth.push({ date, mean: expected });
      // E[exp(w_t)] for the AR(1) carried on from the wander at the start.
      const ahead = t - startT + 1;
      const variance = scenario.calm
        ? 0
        : (WANDER.step ** 2 * (1 - WANDER.memory ** (2 * ahead))) / (1 - WANDER.memory ** 2);
      oracle.forecast.push(structure * Math.exp(WANDER.memory ** ahead * wanderAtStart + variance / 2));
    }
    oracle.structure.push(structure);
    oracle.trend.push(slope * (t - startT));
    const downloads = negativeBinomial(chance, expected * (t >= startT ? 1 + scenario.truth : 1), dispersion);
    days.push({ date, downloads: chance() < 0.01 ? null : downloads });
  }
  return {
    days,
    releases: releases.map((r) => dateOf(r.t)),
    start,
    end: addDays(start, RUN_DAYS - 1),
    truth,
    oracle,
  };
}
