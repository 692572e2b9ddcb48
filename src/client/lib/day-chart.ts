// What every day-by-day uPlot chart shares ('Hörerzahlen', the effect's band): the frame, a time
// axis in days labelled '01.12.', a y axis from 0 with room above the highest value, and a width
// that follows the element (every chart's, the metric history's and the Feed-Check's rhythm too).
import type uPlot from 'uplot';

export const DAY = 24 * 60 * 60;

/** A calendar day ('2026-12-01') as uPlot's x value: seconds at its UTC midnight. */
export const daySeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

const dayLabel = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

/** The options of a daily chart in `target`, `height` px high; `incrs` are the label steps. */
export function dayChartOptions(target: HTMLElement, height: number, incrs: number[]) {
  return {
    width: Math.max(target.clientWidth, 200),
    height,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - DAY / 2, max + DAY / 2] },
      y: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil((max ?? 0) * 1.1))] },
    },
    axes: [
      { values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))), incrs, space: 56 },
      { size: 52 },
    ],
  } satisfies Partial<uPlot.Options>;
}

/** A uPlot chart's width follows its element (phone rotation, window resize) until destroyed. */
export function followWidth(
  plot: { setSize: (size: { width: number; height: number }) => void; destroy: () => void },
  target: HTMLElement,
  height: number,
) {
  const observer = new ResizeObserver(() =>
    plot.setSize({ width: Math.max(target.clientWidth, 200), height }),
  );
  observer.observe(target);
  return {
    destroy: () => {
      observer.disconnect();
      plot.destroy();
    },
  };
}
