// Episodes shaped like real ones, counted per episode at ages 1/3/7/30 (as OP3 and host exports
// give them), for calibrating the per-episode comparison (src/server/audience/episode-effect.ts;
// tests/bench/episode-effect-calibration.ts prints the table, tests/server/audience/
// episode-effect.test.ts asserts its band). The same features as podcast-scenarios.ts, apart from
// its daily series: each episode its own size (log-normal, ±40 % on the log scale), a long tail
// ((d + 1)^−p of it on day d, p per podcast 1.3–2), a weekday pattern, a slow trend, an audience
// that wanders (AR(1) on the log scale, a month's memory), negative-binomial counts per day (k per
// podcast 10–80), a weekly, fortnightly or twice-weekly schedule with releases now and then moved
// or skipped. The truth: every episode released in the run earns (1 + truth) times what it would
// have, at every age. A year of episodes before the start, the run RUN_DAYS long.
import { addDays } from '../../src/shared/calendar.ts';
import { seededRandom } from '../../src/server/audience/baseline-bootstrap.ts';
import type { EpisodeFigure } from '../../src/server/audience/episode-effect.ts';
import { RUN_DAYS, type Scenario } from './podcast-scenarios.ts';
import { negativeBinomial, normal } from './synthetic-audience.ts';

export const EPISODE_SCENARIOS: Scenario[] = [
  { name: 'ordinary, no effect', truth: 0 },
  { name: 'ordinary, +20 %', truth: 0.2 },
  { name: 'twice a week in the run (was weekly)', truth: 0, twiceInRun: true },
  { name: 'very small (5 a day), no effect', truth: 0, size: 5 },
  { name: 'very small (5 a day), +50 %', truth: 0.5, size: 5 },
  { name: 'big (30,000 a day), +5 %', truth: 0.05, size: 30_000 },
  { name: 'growth +10 % a month, no effect', truth: 0, growth: 0.1 },
  { name: 'equal episodes, no wandering', truth: 0, equalEpisodes: true, calm: true },
];

const HISTORY_DAYS = 365;
const AGES = [1, 3, 7, 30];

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const logUniform = (random: () => number, low: number, high: number) =>
  Math.exp(between(random, Math.log(low), Math.log(high)));

export type EpisodePodcast = { episodes: EpisodeFigure[]; start: string; end: string };

/** A podcast's episodes with their counts at 1/3/7/30 days, read long after the run ended. */
export function episodeScenarioPodcast(scenario: Scenario, seed: number): EpisodePodcast {
  const random = seededRandom(seed * 6151 + 37);
  const start = addDays('2026-03-02', Math.floor(random() * 220));
  const startT = HISTORY_DAYS;
  const total = HISTORY_DAYS + RUN_DAYS;
  const dateOf = (t: number) => addDays(start, t - startT);
  const mean = scenario.size ?? logUniform(random, 80, 3000);
  const episodeShare = between(random, 0.2, 0.6);
  const power = between(random, 1.3, 2);
  const curve = Array.from({ length: 120 }, (_, d) => (d + 1) ** -power);
  const curveSum = curve.reduce((s, v) => s + v, 0);
  const weekday = Array.from({ length: 7 }, (_, d) =>
    Math.exp(0.12 * normal(random) + (d >= 5 ? between(random, -0.25, 0) : 0)),
  );
  const weekdayMean = weekday.reduce((s, v) => s + v, 0) / 7;
  const slope =
    scenario.growth !== undefined ? Math.log(1 + scenario.growth) / 30.4 : (0.02 / 30.4) * normal(random);
  const dispersion = logUniform(random, 10, 80);
  const cadence = scenario.twiceInRun ? 7 : random() < 0.6 ? 7 : random() < 0.4 ? 14 : 3.5;
  const height = (mean * episodeShare * cadence) / curveSum;

  const plan: number[] = [];
  const first = Math.floor(random() * 7);
  for (let t = first; t < startT; t += cadence) plan.push(Math.round(t));
  const next = plan.at(-1)! + cadence;
  for (let t = next; t < total; t += scenario.twiceInRun ? 3.5 : cadence) plan.push(Math.round(t));

  // The audience's level on each day from the first release to 30 days after the run.
  const chance = seededRandom(seed * 92821 + 11);
  const level: number[] = [];
  let wander = scenario.calm ? 0 : 0.046 * normal(chance);
  for (let t = 0; t < total + 30; t++) {
    if (!scenario.calm) wander = 0.9 * wander + 0.02 * normal(chance);
    const dow = (new Date(`${dateOf(t)}T00:00:00Z`).getUTCDay() + 6) % 7;
    level.push((weekday[dow]! / weekdayMean) * Math.exp(slope * (t - startT) + wander));
  }

  const episodes: EpisodeFigure[] = [];
  for (const planned of plan) {
    if (random() < 0.08) continue;
    const t = planned + (random() < 0.1 ? (random() < 0.5 ? -1 : 1) : 0);
    if (t < 0 || t >= total) continue;
    const size = height * (scenario.equalEpisodes ? 1 : Math.exp(0.4 * normal(random) - 0.08));
    const lift = t >= startT ? 1 + scenario.truth : 1;
    const counts = new Map<number, number>();
    let sum = 0;
    for (let d = 0; d < 30; d++) {
      sum += negativeBinomial(chance, size * curve[d]! * level[t + d]! * lift, dispersion);
      if (AGES.includes(d + 1)) counts.set(d + 1, sum);
    }
    episodes.push({ published_on: dateOf(t), counts });
  }
  return { episodes, start, end: addDays(start, RUN_DAYS - 1) };
}
