import type { Rhythm } from '../../../../../shared/feed-check.ts';
import { useDeferredChart, type ChartLoader } from '../../../../lib/deferred-chart.ts';
import { lazily } from '../../../../lib/lazy-format.ts';
import { hasDurations } from './rhythm-durations.ts';

const number = lazily(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }));
const monthName = lazily(
  () => new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const month = (m: string) => monthName().format(new Date(`${m}-01T00:00:00Z`));

const loadRhythm: ChartLoader<Rhythm['months']> = () => import('./rhythm-plot.ts').then((m) => m.drawRhythm);

/** The chart; screen readers get the table beside it (the canvas says nothing). */
function RhythmChart({ months }: { months: Rhythm['months'] }) {
  const target = useDeferredChart(months, loadRhythm);
  return <div ref={target} aria-hidden="true" className="min-h-[200px] w-full" data-testid="rhythm-chart" />;
}

/**
 * Episodes per month and their mean duration: the uPlot chart and, for every reader, the table
 * with the same numbers (beside it on wide screens, below on phones). The Feed-Check's 'Rhythmus'
 * and the dashboard's both show this; `months` is never empty here (the callers say why not).
 */
export function RhythmMonths({ months }: { months: Rhythm['months'] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <p className="text-sm text-slate-600">
          <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-brand-700" />
          Folgen pro Monat (links)
          {hasDurations(months) && (
            <>
              {' · '}
              <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-full bg-amber-700" />
              mittlere Dauer in Minuten (rechts)
            </>
          )}
        </p>
        <RhythmChart months={months} />
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Folgen und mittlere Dauer pro Monat</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 font-medium">
              Monat
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Folgen
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Mittlere Dauer
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1 font-normal text-slate-700">
                {month(m.month)}
              </th>
              <td className="py-1 text-right text-slate-900 tabular-nums">{number().format(m.episodes)}</td>
              <td className="py-1 text-right text-slate-900 tabular-nums">
                {m.minutes === null ? '–' : `${number().format(m.minutes)} Min.`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
