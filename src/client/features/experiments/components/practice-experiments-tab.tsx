import { Link } from '@tanstack/react-router';
import { can } from '../../../../shared/roles.ts';
import { buttonClass } from '../../../components/button.tsx';
import { useExperiments } from '../api/experiments.ts';
import { ExperimentItem } from './experiment-list-page.tsx';
import { ProUpsell, type ExperimentPodcast } from './shared.tsx';

/** The method's experiments tab: this podcast's experiments with the method, and a start button. */
export function PracticeExperimentsTab({
  podcast,
  practiceId,
}: {
  podcast: ExperimentPodcast;
  practiceId: number;
}) {
  const query = useExperiments(podcast.id, { origin: practiceId }, podcast.active);
  if (!podcast.active) return <ProUpsell podcast={podcast} title="Experimente" />;
  const list = query.data ?? [];
  return (
    <section aria-labelledby="practice-experiments" className="space-y-4">
      <h2 id="practice-experiments" className="text-lg font-bold text-slate-900">
        Experimente mit dieser Methode
      </h2>
      {query.isPending ? (
        <p className="text-slate-600">Lade Experimente...</p>
      ) : list.length === 0 ? (
        <p className="text-slate-700">Mit dieser Methode hast du noch kein Experiment gestartet.</p>
      ) : (
        <ul className="space-y-3">
          {list.map((e) => (
            <ExperimentItem key={e.id} experiment={e} />
          ))}
        </ul>
      )}
      {can(podcast.role, 'experiments.create') && (
        <Link
          to="/app/experiments/create"
          search={{ practice_id: practiceId }}
          className={buttonClass('primary')}
        >
          Experiment starten
        </Link>
      )}
    </section>
  );
}
