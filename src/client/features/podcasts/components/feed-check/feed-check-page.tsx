import { Link } from '@tanstack/react-router';
import { checkTitles, severity, type Finding, type Severity } from '../../../../../shared/feed-check.ts';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { can } from '../../../../../shared/roles.ts';
import { apiError } from '../../../../api/errors.ts';
import { Banner } from '../../../../components/banner.tsx';
import { Button } from '../../../../components/button.tsx';
import { WidgetCard } from '../../../../components/widget-card.tsx';
import { useDocumentTitle } from '../../../../lib/document-title.ts';
import { usePodcast } from '../../api/get-context.ts';
import { useFeedCheck } from '../../api/get-feed-check.ts';
import { useRefreshPodcast } from '../../api/refresh-podcast.ts';
import { RhythmSection } from './rhythm-section.tsx';

const checkedAt = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

const tones: Record<Severity, string> = {
  error: 'border-red-300 bg-red-50',
  warning: 'border-amber-300 bg-amber-50',
  tip: 'border-slate-200 bg-white',
};

/** podcast.feed-check: what is wrong with the feed, which methods help, and the rhythm. */
export function FeedCheckPage() {
  const podcast = usePodcast();
  useDocumentTitle('Feed-Check');
  return podcast && <FeedCheck key={podcast.id} podcast={podcast} />;
}

function FeedCheck({ podcast }: { podcast: Podcast }) {
  const query = useFeedCheck(podcast.id);
  const refresh = useRefreshPodcast(podcast.id);
  const refreshError = refresh.isError ? apiError(refresh.error) : undefined;
  const loadError = query.isError ? apiError(query.error) : undefined;
  const check = query.data?.check;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">
            <Link to="/app/podcast" className="underline">
              {podcast.title}
            </Link>
          </p>
          <h1 className="text-2xl font-bold text-slate-900">Feed-Check</h1>
          {check && (
            <p className="text-slate-700">
              Geprüft am{' '}
              <time dateTime={check.checked_at}>{checkedAt.format(new Date(check.checked_at))}</time>
            </p>
          )}
        </div>
        {podcast.rss_uri && can(podcast.role.key, 'podcast.refresh') && (
          <Button type="button" pending={refresh.isPending} onClick={() => refresh.mutate()}>
            {refresh.isPending ? 'Prüfe den Feed...' : 'Feed jetzt prüfen'}
          </Button>
        )}
      </header>
      {refreshError && <Banner tone="error">{refreshError.message}</Banner>}
      {loadError && <Banner tone="error">{loadError.message}</Banner>}
      {query.isPending && <p className="text-slate-600">Lade den Feed-Check...</p>}
      {query.data?.missing && <p className="text-slate-700">{query.data.missing}</p>}
      {check && (
        <>
          {check.resolved.length > 0 && (
            <WidgetCard title="Behoben seit der letzten Prüfung" tone="highlight">
              <ul className="list-disc space-y-1 pl-5 text-slate-800">
                {check.resolved.map((key) => (
                  <li key={key}>{checkTitles[key] ?? key}</li>
                ))}
              </ul>
            </WidgetCard>
          )}
          {check.findings.length === 0 ? (
            <Banner tone="success">Dein Feed erfüllt alles, was wir prüfen.</Banner>
          ) : (
            severity.keys.map((level) => (
              <SeverityGroup
                key={level}
                level={level}
                findings={check.findings.filter((f) => f.severity === level)}
                pro={podcast.active}
              />
            ))
          )}
          <RhythmSection rhythm={check.rhythm} />
        </>
      )}
    </div>
  );
}

function SeverityGroup({ level, findings, pro }: { level: Severity; findings: Finding[]; pro: boolean }) {
  if (findings.length === 0) return null;
  return (
    <WidgetCard title={`${severity.labels[level]} (${findings.length})`}>
      <ul className="space-y-3">
        {findings.map((f) => (
          <li key={f.key} className={`rounded-xl border p-4 ${tones[level]}`}>
            <h3 className="font-semibold text-slate-900">{f.title}</h3>
            <p className="mt-1 text-slate-700">{f.message}</p>
            {!pro && (
              <p className="mt-2 text-sm text-slate-700">
                Welche Methoden dabei helfen, zeigt dir Studio Pro.
              </p>
            )}
            {f.practices.length > 0 && (
              <>
                <p className="mt-2 text-sm font-medium text-slate-800">Methoden, die helfen:</p>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {f.practices.map((p) => (
                    <li key={p.id}>
                      <Link
                        to="/app/practices/$id"
                        params={{ id: String(p.id) }}
                        className="inline-flex min-h-11 items-center text-brand-800 underline"
                      >
                        {p.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}
