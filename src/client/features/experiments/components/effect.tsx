// 'Wirkung': an experiment's before → after per metric and what it did for the goals.
// Only the server's numbers are shown; without enough data its `missing` text, never a guess.
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { ExperimentEffect } from '../../../../shared/experiment-effect.ts';
import { metric } from '../../../../shared/vocabulary.ts';
import { useExperimentEffect, usePodcastEffects } from '../api/get-effect.ts';
import { count, signedCount, signedPercent } from '../../../../shared/effect-figures.ts';
import { Card, germanDate } from './shared.tsx';
import { AudienceEffectPanel, audienceVerdict } from './audience-effect.tsx';
import { DetectableNote } from './detectable-note.tsx';

// The per-episode sentences come only where a source counts per episode: their own chunk, loaded
// when an answer has them, not with the experiment's first paint (first-screen budgets).
const EpisodeEffectNote = lazy(() =>
  import('./episode-effect.tsx').then((m) => ({ default: m.EpisodeEffectNote })),
);

/** The downloads measured against the baseline, when the podcast has downloads (else null). */
const audienceOf = (effect: ExperimentEffect) => effect.audience;

/**
 * The goal score (-1..1) in words. ±0.05 is about five rating points on a goal of medium
 * importance: below that the experiment is read as not having moved the goals.
 */
export function goalVerdict(score: number | null): string {
  if (score === null) return 'Keine der gemessenen Kennzahlen gehört zu deinen Zielen.';
  if (score >= 0.05) return 'Das Experiment hat deine Ziele vorangebracht.';
  if (score <= -0.05) return 'Das Experiment hat deinen Zielen eher geschadet.';
  return 'Das Experiment hat deine Ziele kaum bewegt.';
}

const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;
/** The days a value stands for: '30.09.' for a typed one, '01.11.–30.11.' for a source's month. */
export const daySpan = ({ from, to }: { from: string; to: string }) =>
  from === to ? shortDay(from) : `${shortDay(from)}–${shortDay(to)}`;

/** Why a metric has no before → after (the reach whose downloads were measured instead). */
function EffectNote({ effect }: { effect: ExperimentEffect }) {
  return effect.note ? <p className="my-2 text-sm text-slate-700">{effect.note}</p> : null;
}

function EffectTable({ effect, caption }: { effect: ExperimentEffect; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="py-1 font-medium">
            Kennzahl
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Vorher → nachher
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Änderung
          </th>
        </tr>
      </thead>
      <tbody>
        {effect.metrics.map((m) => (
          <tr key={m.key} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-1 font-normal text-slate-800">
              {metric.labels[m.key]}
            </th>
            <td className="py-1 text-right text-slate-900 tabular-nums">
              {count(m.before, 1)} → {count(m.after, 1)}
              <span className="block text-xs text-slate-600">
                {daySpan(m.before_days)} → {daySpan(m.after_days)}
              </span>
            </td>
            <td
              className={`py-1 text-right font-medium tabular-nums ${
                m.change > 0 ? 'text-green-800' : m.change < 0 ? 'text-red-800' : 'text-slate-700'
              }`}
            >
              {signedCount(m.change, 1)}
              {m.relative !== null && ` (${signedPercent(m.relative, 1)})`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'Wirkung' on experiments.show. */
export function EffectCard({ experimentId }: { experimentId: number }) {
  const query = useExperimentEffect(experimentId);
  const effect = query.data;
  return (
    <Card id="experiment-effect" title="Wirkung">
      {query.isPending ? (
        <p className="text-slate-600">Lade die Wirkung...</p>
      ) : !effect ? (
        <p className="text-slate-700">Die Wirkung lässt sich gerade nicht laden.</p>
      ) : (
        <>
          {/* Measured downloads first; the typed before → after stays for metrics without a source. */}
          {audienceOf(effect) && <AudienceEffectPanel audience={audienceOf(effect)!} />}
          {effect.episodes && (
            <Suspense fallback={null}>
              <EpisodeEffectNote episodes={effect.episodes} />
            </Suspense>
          )}
          {effect.detectable && (
            <div className="mb-4">
              <DetectableNote message={effect.detectable.message} />
            </div>
          )}
          {audienceOf(effect) && <h3 className="font-semibold text-slate-900">Erfasste Kennzahlen</h3>}
          <EffectNote effect={effect} />
          {!effect.enough_data ? (
            !effect.note && (
              <p className="text-slate-700">
                {effect.missing ?? 'Für eine Wirkung fehlen noch Auswertungen.'}
              </p>
            )
          ) : (
            <>
              <p className="mb-3 font-medium text-slate-900">{goalVerdict(effect.goal_score)}</p>
              <EffectTable effect={effect} caption="Kennzahlen vor dem Start und nach dem Ende" />
            </>
          )}
        </>
      )}
    </Card>
  );
}

/** 'Was hat gewirkt?' on experiments.list: ended experiments with enough data, best first. */
export function EffectsList({ podcastId }: { podcastId: number }) {
  const query = usePodcastEffects(podcastId);
  const list = query.data ?? [];
  return (
    <Card id="effects" title="Was hat gewirkt?">
      {query.isPending ? (
        <p className="text-slate-600">Lade die Wirkungen...</p>
      ) : list.length === 0 ? (
        <p className="text-slate-700">
          Noch kein abgelaufenes Experiment hat Auswertungen vor dem Start und nach dem Ende oder genug
          Tageswerte aus einer Datenquelle.
        </p>
      ) : (
        <ol className="space-y-4">
          {list.map(({ experiment, effect }) => (
            <li key={experiment.id} className="rounded-xl border border-slate-200 p-4">
              <Link
                to="/app/experiments/$id"
                params={{ id: String(experiment.id) }}
                className="font-semibold text-brand-800 underline-offset-2 hover:underline"
              >
                {experiment.title}
              </Link>
              <p className="text-sm text-slate-700">Beendet am {germanDate(experiment.ends_at)}</p>
              {audienceOf(effect)?.enough_data && (
                <p className="mt-2 font-medium text-slate-900" data-testid="measured-effect">
                  {audienceVerdict(audienceOf(effect)!)}
                </p>
              )}
              <EffectNote effect={effect} />
              {effect.enough_data && (
                <>
                  <p className="my-2 text-slate-900">{goalVerdict(effect.goal_score)}</p>
                  <EffectTable effect={effect} caption={`Kennzahlen von ${experiment.title}`} />
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
