// Before an experiment: from what size of change on Kompass will be able to tell, from the
// podcast's own history (the experiment form and 'Wirkung' until the first day is counted).
// Entscheidung AUD-27:
// - the measurement is run as it will be, on the baseline Kompass has today, with a made-up run
//   of the planned days (the baseline's level each day: the interval's width does not depend on
//   what the run observes, only on the baseline's deviations, the run's days and releases); the
//   size is `detectable()` of that interval (found in 4 of 5 experiments). The bench checks the
//   promise: tests/bench/effect-calibration.ts, 'promised size';
// - the run's releases continue the baseline's rhythm (its median gap) from the last release, so
//   a weekly podcast is expected to keep publishing weekly;
// - how long ±20 % takes: the first of LADDER's lengths that gets there, else null;
// - about 20 ms of CPU per length (the fit dominates, not the replays): at most six lengths on the
//   first ask, then remembered by their inputs like the effect's answers.
import type { EffectDetectable } from '../../shared/effect-detectable.ts';
import { addDays, daysBetween } from '../../shared/calendar.ts';
import { NBSP } from '../../shared/effect-figures.ts';
import { BASELINE_MAX, baselineEffect, MIN_BASELINE } from './baseline-effect.ts';
import { keyOf } from './baseline-memo.ts';
import { detectable } from './baseline-messages.ts';

const LADDER = [14, 28, 42, 56, 91];
const TARGET = 20;
const MEMO_SIZE = 200;
const memo = new Map<string, number | null>();

type Day = { date: string; downloads: number | null };
export type DetectableInput = {
  /** The podcast's days (any older than BASELINE_MAX before `today` are ignored). */
  days: readonly Day[];
  /** Release days (yyyy-MM-dd) up to today. */
  releases: readonly string[];
  /** Berlin date: the baseline is the days before it. */
  today: string;
  /** The planned run in days. */
  runDays: number;
};

/** The baseline's rhythm carried on: the median gap between its releases, from the last one. */
export function projectReleases(releases: readonly string[], start: string, until: string) {
  const recent = [...new Set(releases)].filter((r) => r < start && r >= addDays(start, -BASELINE_MAX)).sort();
  if (recent.length < 2) return [...releases];
  const gaps = recent
    .slice(1)
    .map((r, i) => daysBetween(recent[i]!, r))
    .sort((a, b) => a - b);
  const gap = Math.max(1, gaps[Math.floor((gaps.length - 1) / 2)]!);
  const last = recent.at(-1)!;
  // A feed that stopped (no release for three gaps) is not expected to start again.
  if (daysBetween(last, start) > 3 * gap) return [...releases];
  const future: string[] = [];
  for (let day = addDays(last, gap); day <= until; day = addDays(day, gap))
    if (day >= start) future.push(day);
  return [...releases, ...future];
}

/** The size (whole percent) a run of `runDays` from `today` would tell, or null without a baseline. */
function sizeAfter(baseline: Day[], releases: readonly string[], today: string, runDays: number) {
  const key = keyOf([today, runDays, ...baseline.flatMap((d) => [d.date, d.downloads]), ...releases]);
  if (memo.has(key)) return memo.get(key)!;
  const recent = baseline.slice(-28).map((d) => d.downloads!);
  const level = Math.max(1, Math.round(recent.reduce((s, v) => s + v, 0) / recent.length));
  const end = addDays(today, runDays - 1);
  const run = Array.from({ length: runDays }, (_, i) => ({ date: addDays(today, i), downloads: level }));
  const effect = baselineEffect({
    days: [...baseline, ...run],
    releases: projectReleases(releases, today, end),
    start: today,
    end,
  });
  const size =
    effect.interval && effect.relative !== null ? detectable(effect.interval, effect.relative) : null;
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(key, size);
  return size;
}

const afterDays = (n: number) => (n === 1 ? 'einem Tag' : `${n} Tagen`);
const forDays = (n: number) => (n === 1 ? 'einen Tag' : `${n} Tage`);

/** The baseline (days with a figure before `today`, oldest first) and the releases before it. */
function before({ days, releases, today }: DetectableInput) {
  return {
    baseline: days
      .filter(
        (d) =>
          d.downloads !== null &&
          d.downloads >= 0 &&
          d.date < today &&
          d.date >= addDays(today, -BASELINE_MAX),
      )
      .sort((a, b) => (a.date < b.date ? -1 : 1)),
    releases: releases.filter((r) => r < today),
  };
}

/** The size alone (whole percent), or null with too short a baseline: what the bench checks. */
export function promisedSize(input: DetectableInput) {
  const { baseline, releases } = before(input);
  if (baseline.length < MIN_BASELINE) return null;
  return sizeAfter(baseline, releases, input.today, input.runDays);
}

export function detectableAhead(input: DetectableInput): EffectDetectable {
  const { today, runDays } = input;
  const { baseline, releases } = before(input);
  const answer = { baseline_days: baseline.length, days: runDays };
  if (baseline.length < MIN_BASELINE) {
    return {
      ...answer,
      enough_data: false,
      size: null,
      days_for_20: null,
      message: `Zu wenig Daten: Um zu sagen, welche Veränderungen Kompass erkennen kann, braucht es Downloads von mindestens ${MIN_BASELINE} Tagen vor dem Start; ${baseline.length === 0 ? 'bisher gibt es keine' : `bisher sind es ${baseline.length}`}. Verbinde OP3 oder lade unter „Hörerzahlen“ einen Export deines Hosters hoch.`,
    };
  }
  const size = sizeAfter(baseline, releases, today, runDays)!;
  let daysFor20: number | null = null;
  for (const length of LADDER) {
    const reached = length === runDays ? size : sizeAfter(baseline, releases, today, length);
    if (reached !== null && reached <= TARGET) {
      daysFor20 = length;
      break;
    }
  }
  const first = `Mit deinen bisherigen Downloads erkennt Kompass nach ${afterDays(runDays)} Veränderungen ab etwa ±${size}${NBSP}%.`;
  const second =
    daysFor20 === null
      ? `Veränderungen um ±${TARGET}${NBSP}% erkennt Kompass bei deinem Podcast auch nach ${afterDays(LADDER.at(-1)!)} nicht sicher: Deine Downloads schwanken dafür zu stark.`
      : `Für Veränderungen um ±${TARGET}${NBSP}% braucht es etwa ${forDays(daysFor20)}.`;
  return { ...answer, enough_data: true, size, days_for_20: daysFor20, message: `${first} ${second}` };
}
