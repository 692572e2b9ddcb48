// The measured effect on downloads (GET /api/experiments/{id}/effect → audience): what was
// observed against what was expected without the experiment, with its 90 % interval. Only the
// server's numbers: 'Zu wenig Daten' with what is missing, 'Kein messbarer Unterschied' when the
// interval contains 0.
import type { AudienceEffect } from '../../../../shared/audience.ts';
import { useDeferredChart, type ChartLoader } from '../../../lib/deferred-chart.ts';
import { lazily } from '../../../lib/lazy-format.ts';
import { germanDate } from './shared.tsx';

const number = lazily(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }));
const signed = lazily(
  () => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
);
const percent = lazily(
  () =>
    new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
);

/** Whether the 90 % interval contains 0: then the effect cannot be told from chance. */
export const noMeasurableDifference = (interval: [number, number]) => interval[0] <= 0 && interval[1] >= 0;

/** '+18 % (90 %: +9 % bis +27 %)'. */
export function measured(relative: number, interval: [number, number]) {
  return `${percent().format(relative)} (90 %: ${percent().format(interval[0])} bis ${percent().format(interval[1])})`;
}

/** The verdict in one line, for 'Wirkung' and 'Was hat gewirkt?'. */
export function audienceVerdict(audience: AudienceEffect): string {
  if (!audience.enough_data || audience.relative === null || audience.interval === null)
    return 'Zu wenig Daten';
  const figure = measured(audience.relative, audience.interval);
  if (noMeasurableDifference(audience.interval)) return `Kein messbarer Unterschied: ${figure}`;
  return `${audience.relative > 0 ? 'Mehr' : 'Weniger'} Downloads als erwartet: ${figure}`;
}

const loadBand: ChartLoader<AudienceEffect['days']> = () =>
  import('./effect-band-plot.ts').then((m) => m.drawBand);

function BandChart({ days }: { days: AudienceEffect['days'] }) {
  const target = useDeferredChart(days, loadBand);
  return (
    <div ref={target} aria-hidden="true" className="min-h-[200px] w-full" data-testid="effect-band-chart" />
  );
}

/** 'Downloads' in 'Wirkung': the verdict, the band chart and its table. */
export function AudienceEffectPanel({ audience }: { audience: AudienceEffect }) {
  const verdict = audienceVerdict(audience);
  if (!audience.enough_data) {
    return (
      <div className="mb-4" data-testid="audience-effect">
        <h3 className="font-semibold text-slate-900">Downloads</h3>
        <p className="font-medium text-slate-900">Zu wenig Daten</p>
        {audience.message && <p className="text-slate-700">{audience.message}</p>}
      </div>
    );
  }
  return (
    <div className="mb-6 space-y-3" data-testid="audience-effect">
      <h3 className="font-semibold text-slate-900">Downloads</h3>
      <p className="font-medium text-slate-900">{verdict}</p>
      {audience.observed !== null && audience.expected !== null && (
        <p className="text-slate-700">
          {number().format(audience.observed)} Downloads während des Experiments, erwartet waren{' '}
          {number().format(audience.expected)}
          {audience.effect !== null && ` (${signed().format(audience.effect)})`}. Verglichen mit{' '}
          {audience.baseline_days} Tagen davor.
        </p>
      )}
      {audience.message && <p className="text-sm text-slate-700">{audience.message}</p>}
      <p className="text-sm text-slate-600">
        <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-brand-700 align-middle" />
        beobachtet{' · '}
        <span
          aria-hidden="true"
          className="mr-1 inline-block size-3 rounded-sm bg-slate-500/30 align-middle"
        />
        erwartet ohne Experiment (90 %)
      </p>
      <BandChart days={audience.days} />
      <div
        role="region"
        aria-label="Downloads pro Tag, beobachtet und erwartet, Tabelle"
        tabIndex={0}
        className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 px-3"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Downloads pro Tag: beobachtet und erwartet ohne Experiment</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Tag
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Beobachtet
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Erwartet
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Bereich (90 %)
              </th>
            </tr>
          </thead>
          <tbody>
            {audience.days.map((d) => (
              <tr key={d.date} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1 font-normal text-slate-700">
                  {germanDate(d.date)}
                </th>
                <td className="py-1 text-right text-slate-900 tabular-nums">{number().format(d.observed)}</td>
                <td className="py-1 text-right text-slate-900 tabular-nums">{number().format(d.expected)}</td>
                <td className="py-1 text-right text-slate-700 tabular-nums">
                  {number().format(d.low)}–{number().format(d.high)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
