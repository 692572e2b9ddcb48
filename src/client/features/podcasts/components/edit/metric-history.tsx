import { Link } from '@tanstack/react-router';
import type { MetricHistory } from '../../../../../shared/podcasts.ts';
import { useDeferredChart, type ChartLoader } from '../../../../lib/deferred-chart.ts';
import { columnUnit, pointWhen, unitOf } from './metric-points.ts';

const number = new Intl.NumberFormat('de-DE');

/**
 * Where a value came from: 'Reichweite' and 'Durchhörrate' are taken from the podcast's audience
 * sources where it has one (`source`: 'op3', 'upload'; Entscheidung AUD-11); a value without one
 * was typed in an evaluation.
 */
const origins: Record<string, string> = { op3: 'aus OP3', upload: 'aus Upload' };
const origin = ({ source }: MetricHistory['values'][number]) =>
  source ? (origins[source] ?? `aus ${source}`) : 'von Hand';

const loadPlot: ChartLoader<MetricHistory> = () => import('./metric-plot.ts').then((m) => m.drawPlot);

/** The chart; screen readers get the table below it instead (the canvas says nothing). */
function MetricChart({ history }: { history: MetricHistory }) {
  const target = useDeferredChart(history, loadPlot);
  return <div ref={target} aria-hidden="true" className="min-h-[180px] w-full" data-testid="metric-chart" />;
}

/** One metric: its values over time as a chart and, for every reader, as a table. */
export function MetricCard({ history }: { history: MetricHistory }) {
  const unit = columnUnit(history);
  return (
    <article className="rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{history.trans}</h3>
      <MetricChart history={history} />
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Verlauf: {history.trans}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 font-medium">
              Wann
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {unit ? `Wert (${unit})` : 'Wert'}
            </th>
            <th scope="col" className="py-1 pl-3 text-right font-medium">
              Herkunft
            </th>
          </tr>
        </thead>
        <tbody>
          {history.values.map((v, i) => (
            <tr key={i} className="border-b border-slate-100 last:border-0">
              <td className="py-1 text-slate-700">{pointWhen(v)}</td>
              <td className="py-1 text-right font-medium text-slate-900 tabular-nums">
                {number.format(v.value)}
                {!unit && <span className="font-normal text-slate-600"> {unitOf(history.key, v)}</span>}
              </td>
              <td className="py-1 pl-3 text-right text-slate-700">{origin(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** Every metric with at least one recorded value, each plotted over time. */
export function MetricHistoryList({ metrics }: { metrics: MetricHistory[] }) {
  const recorded = metrics.filter((m) => m.values.length > 0);
  return (
    <>
      <p className="text-sm text-slate-700">
        Reichweite und Durchhörrate kommen aus deinen{' '}
        <Link to="/app/podcast/audience" className="font-medium text-brand-800 underline">
          Hörerzahlen
        </Link>
        , wo eine Datenquelle sie liefert; von Hand erfasste Werte sind als solche markiert.
      </p>
      {recorded.length === 0 ? (
        <p className="text-slate-600">Du hast noch keine Werte erfasst.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {recorded.map((m) => (
            <MetricCard key={m.key} history={m} />
          ))}
        </div>
      )}
    </>
  );
}
