// 'Hörerzahlen' on the dashboard: the downloads of the last 4 weeks against the 4 before, linking to
// the screen. Without figures a card that says what it brings and leads there. It mounts below the first
// screen (routes/screens/audience-widget-slot.tsx) and reads the screen's own answer (one request,
// one offline copy); the sources are asked for only when there are no figures.
import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { WidgetCard } from '../../../components/widget-card.tsx';
import { useAudience, useAudienceSources } from '../api/audience.ts';
import { fourWeeks } from '../audience-figures.ts';
import { germanDay, number, percent } from './format.ts';

const linkClass = 'inline-flex min-h-11 items-center font-semibold text-brand-800 underline';

export function AudienceWidget({ podcast }: { podcast: Podcast }) {
  const query = useAudience(podcast.id);
  const compare = query.data ? fourWeeks(query.data.days) : null;
  const sources = useAudienceSources(podcast.id, query.isSuccess && compare === null);
  if (query.isPending || query.isError) return null;
  if (!compare) {
    if (sources.isPending) return null;
    const connected = (sources.data?.length ?? 0) > 0;
    // Before any figure: a card like the other widgets that says what it brings (2026-12-07).
    return (
      <WidgetCard title="Hörerzahlen">
        <div data-testid="audience-widget">
          <p className="text-slate-800">
            {connected
              ? 'Deine Datenquelle hat noch keine Downloads geliefert. Sobald sie da sind, siehst du hier die Downloads der letzten 4 Wochen gegenüber den 4 Wochen davor.'
              : 'Hier siehst du die Downloads der letzten 4 Wochen gegenüber den 4 Wochen davor, und deine Experimente werden an echten Zahlen gemessen. Verbinde dafür OP3 oder lade den Export deines Hosters hoch.'}
          </p>
          <Link to="/app/podcast/audience" className={`${linkClass} mt-2`}>
            {connected ? 'Zu den Hörerzahlen' : 'Hörerzahlen einrichten'}
          </Link>
        </div>
      </WidgetCard>
    );
  }
  const { current, previous, change, end } = compare;
  const gaps = current.days < 28 || previous.days < 28;
  return (
    <WidgetCard title="Hörerzahlen">
      <div data-testid="audience-widget">
        <p className="text-sm text-slate-600">Downloads in den 4 Wochen bis {germanDay(end)}</p>
        <p className="text-3xl font-bold text-slate-900 tabular-nums">{number().format(current.sum)}</p>
        <p className="text-slate-800">
          {change === null ? (
            'Für die 4 Wochen davor gibt es noch keine Downloads.'
          ) : (
            <>
              <span
                className={`font-semibold ${change > 0 ? 'text-green-800' : change < 0 ? 'text-red-800' : ''}`}
              >
                {percent().format(change)}
              </span>{' '}
              gegenüber den 4 Wochen davor ({number().format(previous.sum)})
            </>
          )}
        </p>
        {gaps && change !== null && (
          <p className="mt-1 text-sm text-amber-900">
            Nicht für jeden Tag gibt es Zahlen ({current.days} und {previous.days} von 28 Tagen).
          </p>
        )}
        <Link to="/app/podcast/audience" className={`${linkClass} mt-2`}>
          Zu den Hörerzahlen
        </Link>
      </div>
    </WidgetCard>
  );
}
