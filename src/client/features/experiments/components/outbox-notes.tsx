// Writes made offline (src/client/offline/offline-write.ts) on the experiment's page, marked as waiting.
// Refused ones show on every screen (src/client/components/outbox-status.tsx).
import type { OutboxItem } from '../../../../browser/offline-db.ts';
import { pendingOf } from '../../../offline/offline-write.ts';
import { completeAll, createComment, setAction } from '../api/experiment-writes.ts';

export const WAITING = 'wartet auf Verbindung';

export function WaitingMark() {
  return (
    <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">
      {WAITING}
    </span>
  );
}

/** The steps a waiting write changes (their state is in the cache already; this is the mark). */
export function waitingSteps(items: OutboxItem[]): Set<number> {
  return new Set([
    ...pendingOf(items, setAction).map((v) => v.id),
    ...pendingOf(items, completeAll).flatMap((v) => v.stepIds),
  ]);
}

/** Comments written offline, above the sent ones (they are the newest). */
export function QueuedComments({ items }: { items: OutboxItem[] }) {
  const queued = items.filter((i) => i.state === 'pending' && i.kind === createComment.kind);
  if (queued.length === 0) return null;
  return (
    <ul aria-label="Noch nicht gesendete Kommentare" className="mb-4 space-y-3">
      {queued.map((item) => (
        <li key={item.id} className="rounded-xl bg-amber-50 p-3">
          <p className="text-sm text-slate-600">
            Du · <WaitingMark />
          </p>
          <p className="break-words whitespace-pre-line text-slate-900">
            {pendingOf([item], createComment)[0]?.content}
          </p>
        </li>
      ))}
    </ul>
  );
}
