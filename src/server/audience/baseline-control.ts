// What every podcast felt at once is not the experiment's: a control series from other podcasts
// over the same days, as in causal-impact designs (Brodersen et al. 2015), and the holidays.
// Entscheidung AUD-28:
// - the control is the combined daily pattern of at least MIN_CONTROL other podcasts: each
//   podcast's downloads divided by its own mean over the baseline's days, then per day a mean
//   that drops the highest and lowest tenth (one podcast's viral week does not move it); a day
//   fewer than MIN_DAY podcasts have a figure for is left out (a podcast misses a day now and
//   then; 15 of 20 still hide each one). Only this combination leaves
//   the server's reading code, never a single podcast's numbers;
// - the control is measured like a podcast (control-series.ts): its baseline's weekday pattern and
//   trend say what it should have done in the run; what it did instead, day by day, is the shock
//   every podcast felt (Christmas, a public holiday, a news week). The experiment's expected days
//   are multiplied by it, and the control's own 90 % interval widens the experiment's;
// - without a control (fewer podcasts, or not over every measured day) nothing is adjusted, and
//   a run over holidays says that they count as the effect;
// - holidays in the baseline on which the podcast was clearly heard less are set aside from the
//   fit (a Christmas dip there made a January run read „+15 % mehr“), as long as MIN_BASELINE
//   days remain, and the answer says so.
import { holidayNames, holidaysBetween, type Holiday } from './german-holidays.ts';

export const MIN_CONTROL = 20;
const MIN_DAY = Math.ceil(MIN_CONTROL * 0.75);
const TRIM = 0.1;

type Day = { date: string; downloads: number | null };
/** The control's measured answer: per run day observed and expected, and its 90 % interval. */
export type CommonShock = {
  podcasts: number;
  days: readonly { date: string; observed: number; expected: number }[];
  interval: readonly [number, number];
};

/**
 * The combined pattern of `podcasts` (each its days) from `from` to `to`: normalised by each
 * podcast's mean over `from`…`baselineEnd`; podcasts without MIN_BASELINE days there are left out.
 */
export function combineControl(
  podcasts: readonly (readonly Day[])[],
  window: { from: string; baselineEnd: string; to: string },
  minBaseline = 28,
): { podcasts: number; days: { date: string; value: number }[] } | null {
  const byDay = new Map<string, number[]>();
  let used = 0;
  for (const days of podcasts) {
    const baseline = days.filter(
      (d) => d.downloads !== null && d.date >= window.from && d.date <= window.baselineEnd,
    );
    const mean = baseline.reduce((s, d) => s + d.downloads!, 0) / Math.max(1, baseline.length);
    if (baseline.length < minBaseline || mean <= 0) continue;
    used++;
    for (const d of days) {
      if (d.downloads === null || d.date < window.from || d.date > window.to) continue;
      const list = byDay.get(d.date) ?? [];
      list.push(d.downloads / mean);
      byDay.set(d.date, list);
    }
  }
  if (used < MIN_CONTROL) return null;
  const days = [...byDay]
    .filter(([, values]) => values.length >= MIN_DAY)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, values]) => ({ date, value: trimmedMean(values) }));
  return { podcasts: used, days };
}

function trimmedMean(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length * TRIM);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((s, v) => s + v, 0) / kept.length;
}

/**
 * The factor for each of `runDates` (1 without a control) and the control's interval on the log
 * scale as [down, up] half-widths. A control that misses one of the run's days is not used.
 */
export function commonFactors(common: CommonShock | null | undefined, runDates: readonly string[]) {
  const none = { used: false, factors: runDates.map(() => 1), spread: [0, 0] as [number, number] };
  if (!common) return none;
  const byDate = new Map(common.days.map((d) => [d.date, d]));
  if (runDates.some((date) => !byDate.has(date))) return none;
  const observed = common.days.reduce((s, d) => s + d.observed, 0);
  const expected = common.days.reduce((s, d) => s + d.expected, 0);
  const centre = Math.log(observed / expected);
  return {
    used: true,
    factors: runDates.map((date) => {
      const day = byDate.get(date)!;
      return day.expected > 0 ? day.observed / day.expected : 1;
    }),
    spread: [centre - Math.log(1 + common.interval[0]), Math.log(1 + common.interval[1]) - centre] as [
      number,
      number,
    ],
  };
}

/**
 * The baseline without its holidays when the podcast was clearly heard less on them (their mean
 * log deviation from the first fit `mu` below −0.1 and below two of its standard errors), unless
 * that leaves fewer than `min` days; and which went. Only a dip is set aside: on podcasts without
 * one, leaving the days out only lost information (the bench's ordinary podcasts: 84.0 → 80.5 %).
 */
export function holidayDip<T extends { date: string; downloads: number }>(
  baseline: T[],
  mu: readonly number[],
  min: number,
) {
  const none = { days: baseline, holidays: [] as Holiday[] };
  if (baseline.length === 0) return none;
  const dates = new Set(baseline.map((d) => d.date));
  const holidays = holidaysBetween(baseline[0]!.date, baseline.at(-1)!.date).filter((h) => dates.has(h.date));
  if (holidays.length === 0) return none;
  const aside = new Set(holidays.map((h) => h.date));
  const deviations = baseline.map((d, t) => Math.log((d.downloads + 0.5) / (mu[t]! + 0.5)));
  const sd = Math.sqrt(deviations.reduce((s, v) => s + v * v, 0) / deviations.length);
  const on = deviations.filter((_, t) => aside.has(baseline[t]!.date));
  const mean = on.reduce((s, v) => s + v, 0) / on.length;
  if (mean > -Math.max(0.1, (2 * sd) / Math.sqrt(on.length))) return none;
  const days = baseline.filter((d) => !aside.has(d.date));
  return days.length >= min ? { days, holidays } : none;
}

/** What the answer says of holidays in the measured run and in the baseline, and of the control. */
export function commonNotes(
  runDates: readonly string[],
  control: { used: boolean; podcasts: number },
  baselineHolidays: readonly Holiday[] = [],
) {
  const aside =
    baselineHolidays.length === 0
      ? []
      : [
          `Feiertage im Vergleichszeitraum (${holidayNames(baselineHolidays)}) hat Kompass ausgelassen: Sie zeigen nicht das übliche Muster deines Podcasts.`,
        ];
  return [...aside, ...runNotes(runDates, control)];
}

function runNotes(runDates: readonly string[], control: { used: boolean; podcasts: number }) {
  const holidays = runDates.length === 0 ? [] : holidaysBetween(runDates[0]!, runDates.at(-1)!);
  const measured = new Set(runDates);
  const over = holidays.filter((h) => measured.has(h.date));
  const compared = `verglichen mit ${control.podcasts} anderen Podcasts in Kompass über dieselben Tage`;
  if (over.length === 0) {
    return control.used
      ? [`Was alle Podcasts zur selben Zeit anders hörten, ist herausgerechnet (${compared}).`]
      : [];
  }
  const names = holidayNames(over);
  return [
    control.used
      ? `Das Experiment lief über Feiertage (${names}). Was alle Podcasts an solchen Tagen anders hören, ist herausgerechnet (${compared}).`
      : `Das Experiment lief über Feiertage (${names}). An solchen Tagen hören viele anders als sonst; Kompass kennt zu wenige andere Podcasts über dieselben Tage, um das herauszurechnen, darum zählt es hier zur Wirkung.`,
  ];
}
