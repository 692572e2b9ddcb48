// uPlot for the Feed-Check's rhythm, in a module of its own (dynamic import, like metric-plot.ts):
// episodes per month as bars on the left axis, their mean duration in minutes as a line on the right.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Rhythm } from '../../../../../shared/feed-check.ts';
import { followWidth } from '../../../../lib/day-chart.ts';
import { hasDurations } from './rhythm-durations.ts';

const BRAND = '#0f766e';
const LINE = '#b45309';
const HEIGHT = 200;
const HALF_MONTH = 15 * 24 * 60 * 60;
/** CSS pixels a month's label needs ('Okt. 26') with room either side. */
const LABEL_WIDTH = 64;

const monthLabel = new Intl.DateTimeFormat('de-DE', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** 'yyyy-MM' as seconds at the month's first day (UTC: the label only names the month). */
export const monthStart = (month: string) => Date.parse(`${month}-01T00:00:00Z`) / 1000;

export function drawRhythm(target: HTMLElement, months: Rhythm['months']): { destroy: () => void } {
  const xs = months.map((m) => monthStart(m.month));
  const plot = new uPlot(
    {
      width: Math.max(target.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        // Half a month either side, so the first and last bars are whole.
        x: { time: false, range: () => [(xs[0] ?? 0) - HALF_MONTH, (xs[xs.length - 1] ?? 0) + HALF_MONTH] },
        episodes: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.2))] },
        minutes: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil((max ?? 0) * 1.2))] },
      },
      axes: [
        // Ticks on the months of the data, named by them (not uPlot's evenly spaced values): each
        // month where the labels fit, else every second, third… counted back from the newest (twelve
        // months on a phone would overlap).
        {
          splits: (u) => {
            const step = Math.ceil(xs.length / Math.max(1, Math.floor(u.width / LABEL_WIDTH)));
            return xs.filter((_, i) => (xs.length - 1 - i) % step === 0);
          },
          values: (_u, splits) => splits.map((s) => monthLabel.format(new Date(s * 1000))),
        },
        { scale: 'episodes', size: 40 },
        // No durations in the feed: no empty minutes axis either.
        { scale: 'minutes', side: 1, size: 44, grid: { show: false }, show: hasDurations(months) },
      ],
      series: [
        {},
        {
          scale: 'episodes',
          fill: `${BRAND}99`,
          stroke: BRAND,
          paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
          points: { show: false },
        },
        { scale: 'minutes', stroke: LINE, width: 2, points: { show: true, size: 7, fill: LINE } },
      ],
    },
    [xs, months.map((m) => m.episodes), months.map((m) => m.minutes)],
    target,
  );
  return followWidth(plot, target, HEIGHT);
}
