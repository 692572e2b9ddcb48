import type { Podcast } from '../../../../../shared/podcasts.ts';
import { levelPoints, metric } from '../../../../../shared/vocabulary.ts';
import { LevelStars } from '../../../../components/level-stars.tsx';
import { useObjective } from '../../api/get-objective.ts';
import { EditLink, WidgetCard } from './widget-card-actions.tsx';

/** 'Podcast-Ziele' (§2): how important each of the eight goals is, as 0–3 stars. */
export function ObjectiveWidget({ podcast }: { podcast: Podcast }) {
  const objective = useObjective(podcast.id);
  // A failed load leaves the goals empty (§8), shown like goals not set yet.
  const values = objective.data;
  const isSet = podcast.setup_objective && values && Object.values(values).some((v) => v !== null);

  return (
    <WidgetCard
      title="Podcast-Ziele"
      action={
        <EditLink
          podcast={podcast}
          action="objective.update"
          to="/app/podcast/edit/objective"
          what="Podcast-Ziele"
        />
      }
    >
      {objective.isPending ? (
        <p className="text-slate-600">Lade Ziele...</p>
      ) : !isSet ? (
        <p className="text-slate-700">
          Du hast noch keine Ziele festgelegt. Sag uns, was dir wichtig ist: Reichweite, Interaktion,
          Monetarisierung oder der Spaß an der Sache.
        </p>
      ) : (
        <dl className="divide-y divide-slate-100">
          {metric.keys.map((key) => (
            <div key={key} className="flex items-center justify-between gap-3 py-2">
              <dt className="text-slate-800">{metric.labels[key]}</dt>
              <dd>
                <LevelStars points={levelPoints[values[key] ?? 'none']} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </WidgetCard>
  );
}
