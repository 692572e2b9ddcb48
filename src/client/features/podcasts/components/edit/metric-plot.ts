// uPlot and its stylesheet, in a module of their own: only the metrics screen loads it (dynamic
// import), so neither the entry chunk nor other screens carry the chart library.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MetricHistory } from '../../../../../shared/podcasts.ts';
import { DAY, followWidth } from '../../../../lib/day-chart.ts';
import { pointTime } from './metric-points.ts';

const BRAND = '#0f766e';
const HEIGHT = 180;

const day = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', timeZone: 'Europe/Berlin' });

/**
 * German date ticks ('26.11.'), always: values are days' records, and two on one day gave times
 * ('02:00 02:00 02:00'). The labels also go into `data-x-ticks` of the chart, since the
 * canvas has no text a reader or a test could see.
 */
const ticks = (target: HTMLElement) => (_u: uPlot, splits: number[]) => {
  const labels = splits.map((s) => day.format(new Date(s * 1000)));
  target.dataset.xTicks = labels.join(' ');
  return labels;
};

/** At least a day either side of the first and last record, so the axis spans whole days. */
function xRange(_u: uPlot, min: number, max: number): [number, number] {
  return [Math.min(min, max - DAY) - DAY / 2, Math.max(max, min + DAY) + DAY / 2];
}

/** Draws one metric's history (x: the day it is for, metric-points.ts; y: the value) into `target`. */
export function drawPlot(target: HTMLElement, history: MetricHistory): { destroy: () => void } {
  const points = history.values
    .map((v) => [pointTime(v) / 1000, v.value] as const)
    .sort((a, b) => a[0] - b[0]);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const rating = history.key !== 'coverage';
  const plot = new uPlot(
    {
      width: Math.max(target.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: true, range: xRange },
        // Ratings live on 0–100 (§3); a subscriber count starts at zero and grows as it needs.
        y: rating ? { range: [0, 100] } : { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] },
      },
      // Ticks only on whole days (1, 2, 7, 14 days, about a month or a quarter).
      axes: [
        { values: ticks(target), incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY], space: 60 },
        { size: rating ? 40 : 60 },
      ],
      series: [{}, { stroke: BRAND, width: 2, points: { show: true, size: 8, fill: BRAND } }],
    },
    [xs, ys],
    target,
  );
  return followWidth(plot, target, HEIGHT);
}
