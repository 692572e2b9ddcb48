import type { Podcast } from '../../../../../shared/podcasts.ts';
import { useFeedCheck } from '../../api/get-feed-check.ts';
import { RhythmMonths } from '../feed-check/rhythm-months.tsx';
import { WidgetCard } from './widget-card-actions.tsx';

/**
 * 'Rhythmus' on the dashboard: episodes per month and their mean duration, chart and
 * table, from the newest Feed-Check (the same query as the Feed-Check widget, so no request of its
 * own; durations are read from the feed at each check, episodes keep only their date). Entscheidung
 * FPOD-5: shown for every podcast, since a podcast without a feed or episodes learns here what
 * it would see; the last 12 months up to the newest episode; both columns wide on large screens,
 * so the table sits beside the chart.
 */
export function RhythmWidget({ podcast }: { podcast: Podcast }) {
  const query = useFeedCheck(podcast.id, Boolean(podcast.rss_uri));
  const check = query.data?.check;
  return (
    <WidgetCard title="Rhythmus" className="lg:col-span-2">
      {podcast.rss_uri && query.isPending ? (
        <p className="text-slate-600">Lade den Rhythmus...</p>
      ) : query.isError ? (
        <p className="text-slate-700">Der Rhythmus ist gerade nicht verfügbar.</p>
      ) : podcast.rss_uri && !check ? (
        <p className="text-slate-700">{query.data?.missing}</p>
      ) : check && check.rhythm.months.length > 0 ? (
        <RhythmMonths months={check.rhythm.months} />
      ) : (
        <p className="text-slate-700">
          Noch keine Folgen mit Datum. Sobald dein Feed welche hat, siehst du hier, wie viele Folgen du pro
          Monat veröffentlichst und wie lang sie sind.
        </p>
      )}
    </WidgetCard>
  );
}
