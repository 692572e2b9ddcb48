import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { can } from '../../../../shared/roles.ts';
import { useExperiments } from '../api/experiments.ts';
import { dayCount, germanDate, type ExperimentPodcast } from './shared.tsx';

/** The dashboard's running experiments (§2): only for active podcasts; plus button to create. */
export function RunningExperimentsWidget({ podcast }: { podcast: ExperimentPodcast }) {
  const query = useExperiments(podcast.id, { state: 'started' }, podcast.active);
  const headingId = useId();
  if (!podcast.active) return null;
  const list = query.data ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="pt-2 text-lg font-bold text-slate-900">
          Laufende Experimente
        </h2>
        {can(podcast.role, 'experiments.create') && (
          <Link
            to="/app/experiments/create"
            aria-label="Neues Experiment starten"
            title="Neues Experiment starten"
            className="flex size-11 items-center justify-center rounded-full bg-brand-700 text-2xl text-white hover:bg-brand-800"
          >
            <span aria-hidden="true">+</span>
          </Link>
        )}
      </div>
      <div className="mt-3">
        {query.isPending ? (
          <p className="text-slate-600">Lade Experimente...</p>
        ) : list.length === 0 ? (
          <p className="text-slate-700">Gerade läuft kein Experiment.</p>
        ) : (
          <ul className="space-y-3">
            {list.map((e) => (
              <li key={e.id}>
                <Link
                  to="/app/experiments/$id"
                  params={{ id: String(e.id) }}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {e.title}
                </Link>
                {e.title !== e.practice.title && <p className="text-sm text-slate-700">{e.practice.title}</p>}
                <p className="text-sm text-slate-700">
                  Start: {germanDate(e.starts_at)} ·{' '}
                  {e.has_started ? `noch ${dayCount(e.days_left)}` : 'startet bald'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
