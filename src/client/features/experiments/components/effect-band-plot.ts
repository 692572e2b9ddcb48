// uPlot for 'Wirkung': the observed downloads per day as a line over the band of what was expected
// without the experiment (90 %), with the expected line inside it. Its own module, loaded only when
// the chart shows (like the metrics' and the audience charts).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AudienceEffect } from '../../../../shared/audience.ts';
import { DAY, dayChartOptions, daySeconds, followWidth } from '../../../lib/day-chart.ts';

const OBSERVED = '#0f766e';
const EXPECTED = '#64748b';
const HEIGHT = 200;

export function drawBand(target: HTMLElement, days: AudienceEffect['days']) {
  const xs = days.map((d) => daySeconds(d.date));
  const plot = new uPlot(
    {
      ...dayChartOptions(target, HEIGHT, [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY]),
      series: [
        {},
        { stroke: 'transparent', points: { show: false } },
        { stroke: 'transparent', points: { show: false } },
        { stroke: EXPECTED, width: 1.5, dash: [5, 4], points: { show: false } },
        { stroke: OBSERVED, width: 2.5, points: { show: days.length <= 31, size: 5, fill: OBSERVED } },
      ],
      // The band between the high (series 2) and the low (series 1).
      bands: [{ series: [2, 1], fill: `${EXPECTED}33` }],
    },
    [
      xs,
      days.map((d) => d.low),
      days.map((d) => d.high),
      days.map((d) => d.expected),
      days.map((d) => d.observed),
    ],
    target,
  );
  return followWidth(plot, target, HEIGHT);
}
