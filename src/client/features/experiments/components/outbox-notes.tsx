// Writes made offline (src/client/lib/outbox.ts) on the experiment's page, marked as waiting.
// Refused ones show on every screen (src/client/components/outbox-status.tsx).
import type { OutboxItem } from '../../../../shared/offline/offline-db.ts';

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
