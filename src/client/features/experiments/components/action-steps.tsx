// experiments.show's 'Umsetzung': the steps with their checkboxes and 'Alles erledigt'. What they
// show is the cached experiment, which a toggle changes at once (src/client/offline/offline-write.ts);
// offline it waits in the outbox, marked 'wartet auf Verbindung', until the replay has sent it.
import type { Experiment } from '../../../../shared/experiments.ts';
import type { OutboxItem } from '../../../../browser/offline-db.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { useCompleteAll, useSetAction } from '../api/experiments.ts';
import { waitingSteps, WaitingMark } from './outbox-notes.tsx';
import { Card, type ExperimentPodcast } from './shared.tsx';

export function ActionSteps({
  experiment,
  podcast,
  writable,
  outbox,
}: {
  experiment: Experiment;
  podcast: ExperimentPodcast;
  writable: boolean;
  outbox: OutboxItem[];
}) {
  const setAction = useSetAction(experiment.id, podcast.id);
  const completeAll = useCompleteAll(experiment.id, podcast.id);
  const waiting = waitingSteps(outbox);
  const open = experiment.actions.filter((a) => !a.completed).map((a) => a.id);
  const failed = setAction.isError || completeAll.isError;
  return (
    <Card id="experiment-actions" title="Umsetzung">
      {experiment.actions.length === 0 ? (
        <p className="text-slate-700">Die Aufgaben für diese Methode werden gerade noch geschrieben.</p>
      ) : (
        <>
          {failed && <Banner tone="error">Das hat nicht geklappt. Bitte probiere es noch einmal.</Banner>}
          <ul className="space-y-2">
            {experiment.actions.map((action) => {
              const { completed } = action;
              return (
                <li key={action.id} className="flex items-start gap-3">
                  <input
                    id={`action-${action.id}`}
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                    checked={completed}
                    disabled={!writable || setAction.isPending}
                    onChange={(event) =>
                      setAction.mutate({
                        id: action.id,
                        completed: event.target.checked,
                        description: action.description,
                      })
                    }
                  />
                  <div>
                    <label
                      htmlFor={`action-${action.id}`}
                      className={completed ? 'text-slate-600 line-through' : 'text-slate-900'}
                    >
                      {action.description}
                    </label>
                    {waiting.has(action.id) && <WaitingMark />}
                    {action.has_link && action.link_target && (
                      <a
                        href={action.link_target}
                        target="_blank"
                        rel="noreferrer"
                        className="ml-2 text-sm text-brand-800 underline"
                      >
                        {action.link_label || 'Link'}
                      </a>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {writable && (
            <Button
              type="button"
              variant="secondary"
              className="mt-4"
              disabled={open.length === 0}
              pending={completeAll.isPending}
              onClick={() => completeAll.mutate({ stepIds: open })}
            >
              Alles erledigt
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
