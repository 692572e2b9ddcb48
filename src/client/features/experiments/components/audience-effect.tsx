// The measured effect on downloads (GET /api/experiments/{id}/effect → audience): what was
// observed against what was expected without the experiment, with its 90 % interval. Only the
// server's numbers: 'Zu wenig Daten' with what is missing, 'Kein messbarer Unterschied' when the
// interval contains 0.
import type { AudienceEffect } from '../../../../shared/audience.ts';
import { count, NBSP, signedCount, signedPercent } from '../../../../shared/effect-figures.ts';
import { useDeferredChart, type ChartLoader } from '../../../lib/deferred-chart.ts';
import { germanDate } from './shared.tsx';

/** Whether the 90 % interval contains 0: then the effect cannot be told from chance. */
export const noMeasurableDifference = (interval: [number, number]) => interval[0] <= 0 && interval[1] >= 0;

/** '+18 % (90 %: +9 % bis +27 %)', with „−“ and non-breaking spaces (shared/effect-figures.ts). */
export function measured(relative: number, interval: [number, number]) {
  return `${signedPercent(relative)} (90${NBSP}%: ${signedPercent(interval[0])} bis ${signedPercent(interval[1])})`;
}

/**
 * The verdict in one line, for 'Was hat gewirkt?': with the interval, and for 'Kein messbarer
 * Unterschied' what it means for the show (within its usual ups and downs), not a bare figure.
 */
export function audienceVerdict(audience: AudienceEffect): string {
  if (!audience.enough_data || audience.relative === null || audience.interval === null)
    return 'Zu wenig Daten';
  const figure = measured(audience.relative, audience.interval);
  if (noMeasurableDifference(audience.interval))
    return `Kein messbarer Unterschied: im Rahmen der üblichen Schwankung, ${figure}`;
  return `${audience.relative > 0 ? 'Mehr' : 'Weniger'} Downloads als erwartet: ${figure}`;
}

/** The card's headline: the verdict without the interval (the server's sentence below keeps it). */
export function audienceHeadline(audience: AudienceEffect): string {
  if (!audience.enough_data || audience.relative === null || audience.interval === null)
    return 'Zu wenig Daten';
  if (noMeasurableDifference(audience.interval)) return 'Kein messbarer Unterschied';
  return `${audience.relative > 0 ? 'Mehr' : 'Weniger'} Downloads als erwartet: ${signedPercent(audience.relative)}`;
}

/**
 * The number columns stand apart (Entscheidung CLI-8): a header must not read as one word.
 */
const NUMBER_CELL = 'py-1 pl-4 text-right tabular-nums';

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
      <p className="font-medium text-slate-900">{audienceHeadline(audience)}</p>
      {audience.observed !== null && audience.expected !== null && (
        <p className="text-slate-700">
          {count(audience.observed)} Downloads während des Experiments, erwartet waren{' '}
          {count(audience.expected)}
          {audience.effect !== null && ` (${signedCount(audience.effect)})`}. Verglichen mit{' '}
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
        erwartet ohne Experiment (90{NBSP}%)
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
              <th scope="col" className={`${NUMBER_CELL} font-medium`}>
                Beobachtet
              </th>
              <th scope="col" className={`${NUMBER_CELL} font-medium`}>
                Erwartet
              </th>
              <th scope="col" className={`${NUMBER_CELL} font-medium`}>
                Bereich (90{NBSP}%)
              </th>
            </tr>
          </thead>
          <tbody>
            {audience.days.map((d) => (
              <tr key={d.date} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1 font-normal text-slate-700">
                  {germanDate(d.date)}
                </th>
                <td className={`${NUMBER_CELL} text-slate-900`}>{count(d.observed)}</td>
                <td className={`${NUMBER_CELL} text-slate-900`}>{count(d.expected)}</td>
                <td className={`${NUMBER_CELL} text-slate-700`}>
                  {count(d.low)}–{count(d.high)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
