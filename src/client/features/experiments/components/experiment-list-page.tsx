import { Link } from '@tanstack/react-router';
import type { Experiment } from '../../../../shared/experiments.ts';
import { can } from '../../../../shared/roles.ts';
import { buttonClass } from '../../../components/button.tsx';
import { useOffline } from '../../../components/offline-banner.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useExperiments } from '../api/experiments.ts';
import { EffectsList } from './effect.tsx';
import { Card, dayCount, germanDate, ProUpsell, type ExperimentPodcast } from './shared.tsx';

/** One experiment in a list: title, method, dates, days. */
export function ExperimentItem({ experiment }: { experiment: Experiment }) {
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <Link
        to="/app/experiments/$id"
        params={{ id: String(experiment.id) }}
        className="font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        {experiment.title}
      </Link>
      {/* An experiment named after its method would say the same twice (Entscheidung CLI-11). */}
      {experiment.title !== experiment.practice.title && (
        <p className="text-sm text-slate-700">Methode: {experiment.practice.title}</p>
      )}
      <p className="text-sm text-slate-700">
        {germanDate(experiment.starts_at)} bis {germanDate(experiment.ends_at)}
        {experiment.has_ended
          ? ' · abgelaufen'
          : experiment.has_started
            ? ` · noch ${dayCount(experiment.days_left)}`
            : ' · startet bald'}
      </p>
      {!experiment.has_ended && experiment.has_started && (
        <div className="mt-2">
          <ProgressBar
            value={experiment.days_progress}
            max={100}
            label={`Fortschritt von ${experiment.title}`}
            valueText={`Tag ${experiment.days_passed} von ${experiment.days_total}`}
          />
        </div>
      )}
    </li>
  );
}

const NO_COPY =
  'Diese Liste ist auf deinem Gerät noch nicht gespeichert. Öffne sie einmal mit Internetverbindung, danach siehst du sie auch offline.';

/** experiments.list: running experiments, then 'Abgelaufene Experimente' (§2). */
export function ExperimentListPage({ podcast }: { podcast: ExperimentPodcast }) {
  useDocumentTitle('Experimente');
  const query = useExperiments(podcast.id, {}, podcast.active);
  const offline = useOffline();
  // Offline without a copy of this list, an empty list would state something false: the running
  // ones come from the dashboard's stored list, and the screen says what it has no copy of
  // (Entscheidung CLI-12). Online, a failed load shows the lists empty (§8).
  const noCopy = offline && query.isError && query.data === undefined;
  const started = useExperiments(podcast.id, { state: 'started' }, podcast.active && noCopy);
  if (!podcast.active) return <ProUpsell podcast={podcast} title="Experimente" />;
  const all = query.data ?? (noCopy ? (started.data ?? []) : []);
  const running = all.filter((e) => !e.has_ended);
  const ended = all.filter((e) => e.has_ended);
  const runningUnknown = noCopy && started.data === undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Experimente</h1>
        {can(podcast.role, 'experiments.create') && (
          <Link to="/app/experiments/create" className={buttonClass('primary')}>
            Neues Experiment starten
          </Link>
        )}
      </div>
      {query.isPending ? (
        <p className="text-slate-600">Lade Experimente...</p>
      ) : (
        <>
          <Card id="running-experiments" title="Laufende Experimente">
            {runningUnknown ? (
              <p className="text-slate-700">{NO_COPY}</p>
            ) : running.length === 0 ? (
              <p className="text-slate-700">
                Gerade läuft kein Experiment. Starte eins mit einer Methode, die zu deinem Podcast passt.
              </p>
            ) : (
              <ul className="space-y-3">
                {running.map((e) => (
                  <ExperimentItem key={e.id} experiment={e} />
                ))}
              </ul>
            )}
          </Card>
          <Card id="ended-experiments" title="Abgelaufene Experimente">
            {noCopy ? (
              <p className="text-slate-700">{NO_COPY}</p>
            ) : ended.length === 0 ? (
              <p className="text-slate-700">Noch ist kein Experiment abgelaufen.</p>
            ) : (
              <ul className="space-y-3">
                {ended.map((e) => (
                  <ExperimentItem key={e.id} experiment={e} />
                ))}
              </ul>
            )}
          </Card>
          <EffectsList podcastId={podcast.id} />
        </>
      )}
    </div>
  );
}
