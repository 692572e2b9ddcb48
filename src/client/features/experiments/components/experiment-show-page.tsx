import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Experiment } from '../../../../shared/experiments.ts';
import { can } from '../../../../shared/roles.ts';
import { Banner } from '../../../components/banner.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useOutbox } from '../../../offline/outbox.ts';
import { useExperiment } from '../api/experiments.ts';
import { Activity, Comments } from './experiment-comments.tsx';
import { ActionSteps } from './action-steps.tsx';
import { EffectCard } from './effect.tsx';
import { EvaluationDialog } from './evaluation-dialog.tsx';
import { Card, dayCount, germanDate, ProUpsell, type ExperimentPodcast } from './shared.tsx';
import { displayName } from '../../../components/avatar.tsx';

type Props = { podcast: ExperimentPodcast; experimentId: number };

/** experiments.show: header, overview, steps, comments; activity and feedback beside them (§2). */
export function ExperimentShowPage({ podcast, experimentId }: Props) {
  if (!podcast.active) return <ProUpsell podcast={podcast} title="Experiment" />;
  return <Show podcast={podcast} experimentId={experimentId} />;
}

function Show({ podcast, experimentId }: Props) {
  const query = useExperiment(experimentId);
  const experiment = query.data;
  const [recorded, setRecorded] = useState(false);
  const outbox = useOutbox(experimentId);
  useDocumentTitle(experiment?.title ?? 'Experiment');
  if (query.isPending) return <p className="text-slate-600">Lade Experiment...</p>;
  if (!experiment) {
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Experiment</h1>
        <p className="mt-3 text-slate-700">Dieses Experiment gibt es nicht (mehr).</p>
        <Link to="/app/experiments/list" className="mt-3 inline-block text-brand-800 underline">
          Zu den Experimenten
        </Link>
      </section>
    );
  }
  const writable = can(podcast.role, 'experiments.update');
  const evaluates = can(podcast.role, 'metrics.create');
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">
            <Link to="/app/experiments/list" className="underline">
              Experimente
            </Link>{' '}
            · {experiment.alias}
          </p>
          <h1 className="text-2xl font-bold text-slate-900">{experiment.title}</h1>
          <p className="text-slate-700">
            {experiment.has_ended
              ? 'Abgelaufen'
              : experiment.has_started
                ? `Läuft · noch ${dayCount(experiment.days_left)}`
                : `Startet am ${germanDate(experiment.starts_at)}`}
          </p>
        </div>
        {evaluates && (
          <div className="flex flex-wrap gap-2">
            {!experiment.has_ended && (
              <EvaluationDialog
                podcastId={podcast.id}
                experimentId={experiment.id}
                kind="interim"
                onRecorded={() => setRecorded(true)}
              />
            )}
            {experiment.has_ended && (
              <EvaluationDialog
                podcastId={podcast.id}
                experimentId={experiment.id}
                kind="final"
                onRecorded={() => setRecorded(true)}
              />
            )}
          </div>
        )}
      </header>
      {recorded && <Banner tone="success">Deine Werte sind erfasst.</Banner>}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Overview experiment={experiment} />
          <EffectCard experimentId={experiment.id} />
          <ActionSteps experiment={experiment} podcast={podcast} writable={writable} outbox={outbox} />
          <Comments
            experiment={experiment}
            writable={can(podcast.role, 'experiments.comment')}
            outbox={outbox}
          />
        </div>
        <div className="space-y-6">
          <Activity experimentId={experiment.id} />
          <Card id="experiment-feedback" title="Feedback">
            <p className="text-slate-700">
              Was hat dir bei diesem Experiment gefehlt? Wir freuen uns über deine Hinweise.
            </p>
            <Link to="/app/feedback" className="mt-2 inline-block text-brand-800 underline">
              Feedback geben
            </Link>
          </Card>
        </div>
      </div>
    </div>
  );
}

function Overview({ experiment }: { experiment: Experiment }) {
  const done = experiment.actions.filter((a) => a.completed).length;
  const total = experiment.actions.length;
  const allDone = total > 0 && done === total;
  return (
    <Card id="experiment-overview" title="Überblick">
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-800">Methode</dt>
        <dd className="text-slate-700">
          <span>{experiment.practice.title}</span>
          <p className="text-sm">{experiment.practice.teaser}</p>
          <Link
            to="/app/practices/$id/content"
            params={{ id: String(experiment.practice.id) }}
            className="text-sm text-brand-800 underline"
          >
            Zur vollständigen Beschreibung
          </Link>
        </dd>
        <dt className="font-medium text-slate-800">Gestartet von</dt>
        <dd className="text-slate-700">
          {experiment.user ? displayName(experiment.user) : 'Ehemaliges Mitglied'}
        </dd>
        <dt className="font-medium text-slate-800">Fortschritt</dt>
        <dd className={allDone ? 'font-semibold text-green-800' : 'text-slate-700'}>
          {done} von {total} Aufgaben erledigt
        </dd>
        <dt className="font-medium text-slate-800">Start</dt>
        <dd className="text-slate-700">{germanDate(experiment.starts_at)}</dd>
        <dt className="font-medium text-slate-800">Ende</dt>
        <dd className="text-slate-700">{germanDate(experiment.ends_at)}</dd>
        <dt className="font-medium text-slate-800">Dauer</dt>
        <dd className="text-slate-700">{dayCount(experiment.days_total)}</dd>
      </dl>
      <div className="mt-4">
        <ProgressBar
          value={experiment.days_progress}
          max={100}
          label="Verlauf des Experiments"
          valueText={`Tag ${experiment.days_passed} von ${experiment.days_total}`}
          colour={experiment.has_ended ? 'green' : 'blue'}
        />
      </div>
      {experiment.notes && <p className="mt-4 whitespace-pre-line text-slate-700">{experiment.notes}</p>}
      <h3 className="mt-5 font-semibold text-slate-900">So läuft ein Experiment</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
        <li>
          <strong>Umsetzung:</strong> Arbeite die Aufgaben der Methode ab und hake sie hier ab.
        </li>
        <li>
          <strong>Datenerhebung:</strong> Bis zum Ende sammelst du, was sich bei deinem Podcast tut; eine
          Zwischenauswertung hält den Stand fest.
        </li>
        <li>
          <strong>Abschlussauswertung:</strong> Nach dem Ende erfasst du deine Werte und siehst, was die
          Methode gebracht hat.
        </li>
      </ol>
    </Card>
  );
}
