// Where a metric's value sits in time and what it counts, for the chart and the table alike.
// Entscheidung FPOD-4: a value taken from an audience source stands for a month (source-metrics.ts
// dates it on the month's last day with a figure); it is placed and named by that month, not by
// when it was written. A typed value sits where it was typed. 'Reichweite' from downloads is the month's average
// downloads per week, from followers a follower count, typed a subscriber count (spec §3).
import type { MetricHistory } from '../../../../../shared/podcasts.ts';

type Value = MetricHistory['values'][number];

const typedAt = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
const monthOf = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The value's place on the time axis, in ms. */
export function pointTime(value: Value) {
  return value.source ? Date.parse(`${value.date}T12:00:00Z`) : Date.parse(value.created_at);
}

/** When the value is for: a source's month ('Oktober 2026'), or when it was typed. */
export function pointWhen(value: Value) {
  return value.source
    ? monthOf.format(new Date(`${value.date}T12:00:00Z`))
    : typedAt.format(new Date(value.created_at));
}

/** What one value of `key` counts. */
export function unitOf(key: MetricHistory['key'], value: Value) {
  if (key !== 'coverage') return 'von 100';
  if (value.measure === 'downloads_per_week') return 'Downloads pro Woche, Monatsmittel';
  if (value.measure === 'followers') return 'Follower am Monatsende';
  return 'Abonnent*innen';
}

/** The table's unit: one for the column when every value counts the same, else one per row. */
export function columnUnit(history: MetricHistory) {
  const units = new Set(history.values.map((v) => unitOf(history.key, v)));
  return units.size === 1 ? [...units][0]! : null;
}
