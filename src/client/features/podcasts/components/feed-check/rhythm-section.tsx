import { weekdays, type Rhythm } from '../../../../../shared/feed-check.ts';
import { WidgetCard } from '../../../../components/widget-card.tsx';
import { RhythmMonths } from './rhythm-months.tsx';

const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 0 });

const days = (n: number) => `${number.format(n)} ${n === 1 ? 'Tag' : 'Tage'}`;

/** Regularity (share of intervals within half the median of it) in words, with the share. */
function regularityText(r: number) {
  const words = r >= 0.8 ? 'sehr regelmäßig' : r >= 0.5 ? 'meist regelmäßig' : 'unregelmäßig';
  return `${words} (${percent.format(r)} der Abstände nah am üblichen)`;
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
        <div className="mt-5">
          <RhythmMonths months={rhythm.months} />
        </div>
      )}
    </WidgetCard>
  );
}
