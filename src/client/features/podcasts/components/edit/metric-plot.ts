// uPlot and its stylesheet, in a module of their own: only the metrics screen loads it (dynamic
// import), so neither the entry chunk nor other screens carry the chart library.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MetricHistory } from '../../../../../shared/podcasts.ts';

const BRAND = '#0f766e';
const HEIGHT = 180;
const DAY = 24 * 60 * 60;

const day = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', timeZone: 'Europe/Berlin' });
const time = new Intl.DateTimeFormat('de-DE', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

/** German tick labels: dates, or times of day when all values are from about one day. */
function ticks(u: uPlot, splits: number[]): string[] {
  const [min = 0, max = 0] = [u.scales.x?.min, u.scales.x?.max];
  const format = max - min < 2 * DAY ? time : day;
  return splits.map((s) => format.format(new Date(s * 1000)));
}

/** Draws one metric's history (x: when it was recorded, y: the value) into `target`. */
export function drawPlot(target: HTMLElement, history: MetricHistory): { destroy: () => void } {
  const xs = history.values.map((v) => Date.parse(v.created_at) / 1000);
  const ys = history.values.map((v) => v.value);
  const rating = history.key !== 'coverage';
  const plot = new uPlot(
    {
      width: Math.max(target.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: true },
        // Ratings live on 0–100 (§3); a subscriber count starts at zero and grows as it needs.
        y: rating ? { range: [0, 100] } : { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] },
      },
      axes: [{ values: ticks }, { size: rating ? 40 : 60 }],
      series: [{}, { stroke: BRAND, width: 2, points: { show: true, size: 8, fill: BRAND } }],
    },
    [xs, ys],
    target,
  );
  // The card's width follows the screen (phone rotation, window resize).
  const observer = new ResizeObserver(() =>
    plot.setSize({ width: Math.max(target.clientWidth, 200), height: HEIGHT }),
  );
  observer.observe(target);
  return {
    destroy: () => {
      observer.disconnect();
      plot.destroy();
    },
  };
}
