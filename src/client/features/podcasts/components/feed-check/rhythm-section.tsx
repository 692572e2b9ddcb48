import { useEffect, useRef } from 'react';
import { weekdays, type Rhythm } from '../../../../../shared/feed-check.ts';
import { WidgetCard } from '../../../../components/widget-card.tsx';

const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 0 });
const monthName = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const days = (n: number) => `${number.format(n)} ${n === 1 ? 'Tag' : 'Tage'}`;
const month = (m: string) => monthName.format(new Date(`${m}-01T00:00:00Z`));

/** Regularity (share of intervals within half the median of it) in words, with the share. */
function regularityText(r: number) {
  const words = r >= 0.8 ? 'sehr regelmäßig' : r >= 0.5 ? 'meist regelmäßig' : 'unregelmäßig';
  return `${words} (${percent.format(r)} der Abstände nah am üblichen)`;
}

/** The chart; screen readers get the table below it (the canvas says nothing). */
function RhythmChart({ months }: { months: Rhythm['months'] }) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let plot: { destroy: () => void } | undefined;
    let cancelled = false;
    void import('./rhythm-plot.ts').then(({ drawRhythm }) => {
      if (!cancelled && target.current) plot = drawRhythm(target.current, months);
    });
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [months]);
  return <div ref={target} aria-hidden="true" className="min-h-[200px] w-full" data-testid="rhythm-chart" />;
}

/** 'Rhythmus': how often and how regularly the feed publishes, and per month (chart + table). */
export function RhythmSection({ rhythm }: { rhythm: Rhythm }) {
  const facts: [string, string][] = [
    ['Folgen im Feed', number.format(rhythm.episodes)],
    ['Üblicher Abstand', rhythm.median_days === null ? 'noch unbekannt' : `alle ${days(rhythm.median_days)}`],
    ['Regelmäßigkeit', rhythm.regularity === null ? 'noch unbekannt' : regularityText(rhythm.regularity)],
    [
      'Seit der letzten Folge',
      rhythm.days_since_last === null ? 'noch keine Folge' : days(rhythm.days_since_last),
    ],
    ['Üblicher Wochentag', rhythm.weekday === null ? 'keiner' : (weekdays[rhythm.weekday] ?? 'keiner')],
  ];
  return (
    <WidgetCard title="Rhythmus">
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-800">{term}</dt>
            <dd className="text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
      {rhythm.months.length > 0 && (
        <div className="mt-5 grid gap-4 lg:grid-cols-2">
          <div>
            <p className="text-sm text-slate-600">
              <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-brand-700" />
              Folgen pro Monat (links) ·{' '}
              <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-full bg-amber-700" />
              mittlere Dauer in Minuten (rechts)
            </p>
            <RhythmChart months={rhythm.months} />
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
              {rhythm.months.map((m) => (
                <tr key={m.month} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-1 font-normal text-slate-700">
                    {month(m.month)}
                  </th>
                  <td className="py-1 text-right text-slate-900 tabular-nums">{number.format(m.episodes)}</td>
                  <td className="py-1 text-right text-slate-900 tabular-nums">
                    {m.minutes === null ? '–' : `${number.format(m.minutes)} Min.`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </WidgetCard>
  );
}
