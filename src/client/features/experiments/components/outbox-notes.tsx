// What an experiment's outbox shows (src/client/lib/outbox.ts): writes made offline marked as
// waiting, and writes the server refused, with its message and a way to send again or discard.
import type { Experiment } from '../../../../shared/experiments.ts';
import type { OutboxItem } from '../../../../shared/offline/offline-db.ts';
import { Button } from '../../../components/button.tsx';
import { discardOutboxItem, retryOutboxItem } from '../../../lib/outbox.ts';

export const WAITING = 'wartet auf Verbindung';

export function WaitingMark() {
  return (
    <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">
      {WAITING}
    </span>
  );
}

/** The state a step will have once its queued toggles are sent (the last one wins). */
export function queuedCompletion(items: OutboxItem[], actionId: number): boolean | undefined {
  const last = items.filter((i) => i.state === 'pending' && i.actionId === actionId).at(-1);
  return last && 'completed' in last.body ? last.body.completed : undefined;
}

function describe(item: OutboxItem, experiment: Experiment) {
  if ('content' in item.body) return `Kommentar „${item.body.content}“`;
  const step = experiment.actions.find((a) => a.id === item.actionId)?.description ?? 'Aufgabe';
  return `„${step}“ ${item.body.completed ? 'abhaken' : 'nicht mehr abhaken'}`;
}

/** Refused writes stay until the user decides: never dropped silently. */
export function RefusedWrites({ items, experiment }: { items: OutboxItem[]; experiment: Experiment }) {
  const refused = items.filter((i) => i.state === 'refused');
  if (refused.length === 0) return null;
  return (
    <section
      aria-labelledby="refused-writes"
      className="rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950 sm:p-6"
    >
      <h2 id="refused-writes" className="font-semibold">
        Nicht gespeicherte Änderungen
      </h2>
      <p className="mt-1 text-sm">Der Server hat diese offline gemachten Änderungen abgelehnt.</p>
      <ul className="mt-3 space-y-3">
        {refused.map((item) => (
          <li key={item.id} className="rounded-xl bg-white p-3 ring-1 ring-red-200">
            <p className="break-words text-slate-900">{describe(item, experiment)}</p>
            <p className="mt-1 text-sm text-red-900">{item.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button type="button" variant="secondary" onClick={() => void retryOutboxItem(item.id!)}>
                Erneut senden
              </Button>
              <Button type="button" variant="ghost" onClick={() => void discardOutboxItem(item.id!)}>
                Verwerfen
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Comments written offline, under the sent ones. */
export function QueuedComments({ items }: { items: OutboxItem[] }) {
  const queued = items.filter((i) => i.state === 'pending' && 'content' in i.body);
  if (queued.length === 0) return null;
  return (
    <ul aria-label="Noch nicht gesendete Kommentare" className="mb-4 space-y-3">
      {queued.map((item) => (
        <li key={item.id} className="rounded-xl bg-amber-50 p-3">
          <p className="text-sm text-slate-600">
            Du · <WaitingMark />
          </p>
          <p className="break-words whitespace-pre-line text-slate-900">
            {'content' in item.body && item.body.content}
          </p>
        </li>
      ))}
    </ul>
  );
}
