// experiments.show's 'Umsetzung': the steps with their checkboxes. A toggle shows at once; offline
// it waits in the outbox, marked 'wartet auf Verbindung', until the replay has sent it.
import { useState } from 'react';
import type { Experiment } from '../../../../shared/experiments.ts';
import type { OutboxItem } from '../../../../shared/offline/offline-db.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { useConnectivity } from '../../../lib/connectivity.ts';
import { useCompleteAll, useSetAction } from '../api/experiments.ts';
import { queuedCompletion, WaitingMark } from './outbox-notes.tsx';
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
  const [wanted, setWanted] = useState<Record<number, boolean>>({});
  const completeAll = useCompleteAll(experiment.id, podcast.id);
  // 'Alles erledigt' is not queued offline (single steps are): it waits for the network.
  const offline = useConnectivity((s) => s.offline);
  const open = experiment.actions.some((a) => !a.completed);
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
              const queued = queuedCompletion(outbox, action.id);
              const completed = queued ?? action.completed;
              return (
                <li key={action.id} className="flex items-start gap-3">
                  <input
                    id={`action-${action.id}`}
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                    // The state asked for shows at once; the server's answer follows.
                    checked={wanted[action.id] ?? completed}
                    disabled={!writable || setAction.isPending}
                    onChange={(event) => {
                      const completed = event.target.checked;
                      setWanted((w) => ({ ...w, [action.id]: completed }));
                      setAction.mutate(
                        { id: action.id, completed, description: action.description },
                        // After the refetch (the hook's own onSettled waits for it): the server's state.
                        { onSettled: () => setWanted(({ [action.id]: _, ...rest }) => rest) },
                      );
                    }}
                  />
                  <div>
                    <label
                      htmlFor={`action-${action.id}`}
                      className={completed ? 'text-slate-600 line-through' : 'text-slate-900'}
                    >
                      {action.description}
                    </label>
                    {queued !== undefined && <WaitingMark />}
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
              disabled={!open || offline}
              pending={completeAll.isPending}
              onClick={() => completeAll.mutate()}
            >
              Alles erledigt
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
