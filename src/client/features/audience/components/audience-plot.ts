// uPlot for 'Hörerzahlen', in a module of its own (loaded only when a chart shows, like the
// metrics' and the rhythm's): a daily line with the releases marked, and bars (weekly sums, the
// episodes' first 7 days). Every chart is aria-hidden; the table beside it carries the numbers.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { DAY, dayChartOptions, daySeconds, followWidth } from '../../../lib/day-chart.ts';

const BRAND = '#0f766e';
const RELEASE = '#b45309';
const HEIGHT = 200;

export type DailyData = { days: { date: string; value: number | null }[]; releases: string[] };

/** Releases as dashed vertical lines (drawn under the line, over the grid). */
const releaseLines = (releases: number[]) => (u: uPlot) => {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.strokeStyle = RELEASE;
  ctx.lineWidth = 1.5 * devicePixelRatio;
  ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
  for (const x of releases) {
    const px = Math.round(u.valToPos(x, 'x', true));
    if (px < bbox.left || px > bbox.left + bbox.width) continue;
    ctx.beginPath();
    ctx.moveTo(px, bbox.top);
    ctx.lineTo(px, bbox.top + bbox.height);
    ctx.stroke();
  }
  ctx.restore();
};

/** One series per day; a day without a figure is a gap in the line, never 0. */
export function drawDaily(target: HTMLElement, data: DailyData) {
  const xs = data.days.map((d) => daySeconds(d.date));
  const releases = data.releases.map(daySeconds);
  target.dataset.releases = String(releases.length);
  const plot = new uPlot(
    {
      ...dayChartOptions(target, HEIGHT, [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY]),
      series: [{}, { stroke: BRAND, width: 2, spanGaps: false, points: { show: xs.length <= 31, size: 5 } }],
      hooks: { drawAxes: [releaseLines(releases)] },
    },
    [xs, data.days.map((d) => d.value)],
    target,
  );
  return followWidth(plot, target, HEIGHT);
}

export type BarData = { labels: string[]; values: (number | null)[] };

/** Bars with a label under each (every second, third… where they would overlap). */
export function drawBars(target: HTMLElement, data: BarData) {
  const xs = data.labels.map((_, i) => i);
  const plot = new uPlot(
    {
      width: Math.max(target.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: () => [-0.5, Math.max(0, xs.length - 0.5)] },
        y: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil((max ?? 0) * 1.15))] },
      },
      axes: [
        {
          splits: (u) => {
            const step = Math.ceil(xs.length / Math.max(1, Math.floor(u.width / 56)));
            return xs.filter((i) => (xs.length - 1 - i) % step === 0);
          },
          values: (_u, splits) => splits.map((i) => data.labels[i] ?? ''),
        },
        { size: 52 },
      ],
      series: [
        {},
        {
          fill: `${BRAND}99`,
          stroke: BRAND,
          paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
          points: { show: false },
        },
      ],
    },
    [xs, data.values],
    target,
  );
  return followWidth(plot, target, HEIGHT);
}
