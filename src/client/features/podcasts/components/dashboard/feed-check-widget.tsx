import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { buttonClass } from '../../../../components/button.tsx';
import { useFeedCheck } from '../../api/get-feed-check.ts';
import { WidgetCard } from './widget-card-actions.tsx';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Feed-Check' on the dashboard: the count of 'Fehler' and 'Warnung', linking to the screen. */
export function FeedCheckWidget({ podcast }: { podcast: Podcast }) {
  const query = useFeedCheck(podcast.id, Boolean(podcast.rss_uri));
  if (!podcast.rss_uri) return null;
  const check = query.data?.check;
  const errors = check?.findings.filter((f) => f.severity === 'error').length ?? 0;
  const warnings = check?.findings.filter((f) => f.severity === 'warning').length ?? 0;
  return (
    <WidgetCard title="Feed-Check">
      {query.isPending ? (
        <p className="text-slate-600">Lade den Feed-Check...</p>
      ) : check ? (
        <p className="text-slate-800" data-testid="feed-check-counts">
          <span className={errors > 0 ? 'font-semibold text-red-800' : ''}>
            {count(errors, 'Fehler', 'Fehler')}
          </span>
          {' · '}
          <span className={warnings > 0 ? 'font-semibold text-amber-800' : ''}>
            {count(warnings, 'Warnung', 'Warnungen')}
          </span>
        </p>
      ) : (
        <p className="text-slate-700">
          {query.data?.missing ?? 'Der Feed-Check ist gerade nicht verfügbar.'}
        </p>
      )}
      <Link to="/app/podcast/feed-check" className={buttonClass('secondary', 'mt-4')}>
        Zum Feed-Check
      </Link>
    </WidgetCard>
  );
}
