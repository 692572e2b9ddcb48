// podcast.audience, 'Hörerzahlen': the podcast's listener numbers from its sources (OP3, uploaded
// exports) as charts with tables, and 'Datenquellen' to connect and remove them. Readable offline
// from the worker's copy (sw/mirror.ts); without one it says so instead of showing nothing.
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  audienceSeries,
  audienceSeriesLabels,
  type AudienceSeries,
} from '../../../../shared/audience-vocabulary.ts';
import { addDays, berlinDate } from '../../../../shared/calendar.ts';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { apiError } from '../../../api/errors.ts';
import { useOffline } from '../../../components/offline-banner.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useAudience, useAudienceSources } from '../api/audience.ts';
import { newestDay, seriesPresent } from '../audience-figures.ts';
import { DailySection, EpisodesSection, WeeklySection } from './audience-charts.tsx';
import { EpisodeAgesSection } from './episode-ages.tsx';
import { SourcesSection } from './sources-section.tsx';

const ranges = { '30': 'Letzte 30 Tage', '90': 'Letzte 90 Tage', '365': 'Letzte 12 Monate' } as const;
type Range = keyof typeof ranges;
/** Series whose days add up to a week (a follower count or a listening share does not). */
const summable: readonly AudienceSeries[] = ['downloads', 'plays'];

/** The route's screen (routes/screens/audience-screens.tsx) hands in the selected podcast. */
export function AudiencePage({ podcast }: { podcast: Podcast }) {
  useDocumentTitle('Hörerzahlen');
  const pending = useAudienceSources(podcast.id).data?.some((s) => s.status === 'pending') ?? false;
  const query = useAudience(podcast.id, pending);
  // The backfill ended: its last days may have come after the last poll.
  const wasPending = useRef(pending);
  const { refetch } = query;
  useEffect(() => {
    if (wasPending.current && !pending) void refetch();
    wasPending.current = pending;
  }, [pending, refetch]);
  const offline = useOffline();
  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm text-slate-600">
          <Link to="/app/podcast" className="underline">
            {podcast.title}
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">Hörerzahlen</h1>
      </header>
      {query.isPending ? (
        <p className="text-slate-600">Lade die Hörerzahlen...</p>
      ) : query.isError ? (
        <p className="text-slate-700">
          {offline
            ? 'Offline ist keine gespeicherte Kopie der Hörerzahlen da. Öffne die Seite einmal mit Verbindung, dann kannst du sie auch offline lesen.'
            : apiError(query.error).message}
        </p>
      ) : query.data.days.length === 0 ? (
        <p className="text-slate-700">
          Noch keine Hörerzahlen. Sobald OP3 verbunden ist oder du einen Export hochgeladen hast, siehst du
          hier deine Downloads pro Tag und pro Woche und wie sich deine Folgen in ihren ersten 7 Tagen
          schlagen.
        </p>
      ) : (
        <Figures podcastId={podcast.id} days={query.data.days} episodes={query.data.episodes} />
      )}
      <EpisodeAgesSection podcastId={podcast.id} />
      <SourcesSection podcast={podcast} offline={offline} />
    </div>
  );
}

type Answer = NonNullable<ReturnType<typeof useAudience>['data']>;

function Figures({ podcastId, days, episodes }: Answer & { podcastId: number }) {
  const counted = useAudienceSources(podcastId).data?.some((s) => s.type === 'op3') ?? false;
  const present = useMemo(() => seriesPresent(days, audienceSeries), [days]);
  const [series, setSeries] = useState<AudienceSeries>(present[0] ?? 'downloads');
  const [range, setRange] = useState<Range>('90');
  const shown = present.includes(series) ? series : (present[0] ?? 'downloads');
  const to = newestDay(days, shown) ?? berlinDate(new Date());
  const from = addDays(to, -(Number(range) - 1));
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {present.length > 1 && (
          <SelectField
            label="Kennzahl"
            name="series"
            options={Object.fromEntries(present.map((s) => [s, audienceSeriesLabels[s]]))}
            value={shown}
            onChange={(e) => setSeries(e.target.value as AudienceSeries)}
          />
        )}
        <SelectField
          label="Zeitraum"
          name="range"
          options={ranges}
          value={range}
          onChange={(e) => setRange(e.target.value as Range)}
          hint={`Bis zum ${to.split('-').reverse().join('.')}, dem letzten Tag mit Zahlen.`}
        />
      </div>
      <DailySection days={days} series={shown} from={from} to={to} episodes={episodes} />
      {summable.includes(shown) && <WeeklySection days={days} series={shown} from={from} to={to} />}
      <EpisodesSection episodes={episodes} from={from} today={berlinDate(new Date())} counted={counted} />
    </>
  );
}
