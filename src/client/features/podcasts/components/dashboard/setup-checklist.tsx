import { Link } from '@tanstack/react-router';
import type { PodcastAction } from '../../../../../shared/roles.ts';
import { can } from '../../../../../shared/roles.ts';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { Banner } from '../../../../components/banner.tsx';
import { apiError } from '../../../../api/errors.ts';
import { useCompletePodcast } from '../../api/complete-podcast.ts';
import { CloseButton, WidgetCard, type EditTarget } from './widget-card-actions.tsx';

type Step = {
  done: keyof Pick<
    Podcast,
    | 'setup_objective'
    | 'setup_stage'
    | 'setup_strategy'
    | 'setup_metrics'
    | 'setup_milestones'
    | 'setup_coworkers'
  >;
  to: EditTarget;
  /** Who may do the step; others see the tile without a link. */
  action: PodcastAction;
  label: string;
  hint: string;
};

/** The six tiles of §2, in the spec's order. */
const steps: Step[] = [
  {
    done: 'setup_objective',
    to: '/app/podcast/edit/objective',
    action: 'objective.update',
    label: 'Ziele festlegen',
    hint: 'Was soll dein Podcast erreichen?',
  },
  {
    done: 'setup_stage',
    to: '/app/podcast/edit/stage',
    action: 'stage.update',
    label: 'Empfehlungen personalisieren',
    hint: 'Wie viel Zeit und Geld steckst du hinein?',
  },
  {
    done: 'setup_strategy',
    to: '/app/podcast/edit/strategy',
    action: 'strategy.update',
    label: 'Strategie entwickeln',
    hint: 'Thema, Audience, USP und mehr.',
  },
  {
    done: 'setup_metrics',
    to: '/app/podcast/edit/metrics',
    action: 'metrics.create',
    label: 'Erfolgskriterien erfassen',
    hint: 'Wo steht dein Podcast heute?',
  },
  {
    done: 'setup_milestones',
    to: '/app/podcast/edit/milestones',
    action: 'milestones.update',
    label: 'Meilensteine setzen',
    hint: 'Wohin soll es gehen?',
  },
  {
    done: 'setup_coworkers',
    to: '/app/podcast/edit/coworkers',
    action: 'invitations.create',
    label: 'Coworker*innen einladen',
    hint: 'Gemeinsam geht es leichter.',
  },
];

/**
 * 'Vollständige Einrichtung' (§2, §4): six tiles, the done ones highlighted; hidden once every
 * step is done (`setup`) or the checklist was closed (`completed`). Closing completes the setup.
 */
export function SetupChecklist({ podcast }: { podcast: Podcast }) {
  const complete = useCompletePodcast();
  if (podcast.setup || podcast.completed) return null;
  const role = podcast.role.key;
  const doneCount = steps.filter((s) => podcast[s.done]).length;
  const error = complete.isError ? apiError(complete.error) : undefined;

  return (
    <WidgetCard
      title="Vollständige Einrichtung"
      tone="highlight"
      className="lg:col-span-2"
      action={
        can(role, 'podcast.complete') && (
          <CloseButton
            label="Vollständige Einrichtung schließen"
            onClick={() => complete.mutate(podcast.id)}
            pending={complete.isPending}
          />
        )
      }
    >
      <p className="text-slate-700">
        {doneCount} von {steps.length} Schritten erledigt. Je mehr du über deinen Podcast verrätst, desto
        besser passen unsere Empfehlungen.
      </p>
      {error && (
        <div className="mt-3">
          <Banner tone="error">
            <p>{error.message}</p>
            {Object.values(error.errors ?? {})
              .flat()
              .filter((m) => m !== error.message)
              .map((m) => (
                <p key={m}>{m}</p>
              ))}
          </Banner>
        </div>
      )}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {steps.map((step) => (
          <li key={step.done}>
            <Tile step={step} done={podcast[step.done]} linked={can(role, step.action)} />
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}

function Tile({ step, done, linked }: { step: Step; done: boolean; linked: boolean }) {
  const look = done
    ? 'border-green-300 bg-green-50 text-green-900'
    : 'border-slate-200 bg-white text-slate-900 hover:border-brand-600';
  const content = (
    <>
      <span
        aria-hidden="true"
        className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
          done ? 'bg-green-600 text-white' : 'border-2 border-slate-300'
        }`}
      >
        {done ? '✓' : ''}
      </span>
      <span className="flex flex-col">
        <span className="font-semibold">
          {step.label}
          {done && <span className="sr-only"> (erledigt)</span>}
        </span>
        <span className="text-sm text-slate-600">{step.hint}</span>
      </span>
    </>
  );
  const box = `flex h-full min-h-16 items-center gap-3 rounded-xl border p-3 ${look}`;
  if (!linked)
    return (
      <div className={box} data-done={done || undefined}>
        {content}
      </div>
    );
  return (
    <Link to={step.to} className={box} data-done={done || undefined}>
      {content}
    </Link>
  );
}
