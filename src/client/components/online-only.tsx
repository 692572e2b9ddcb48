import { useId, type ReactNode } from 'react';
import { useOffline } from './offline-banner.tsx';

/**
 * A write that cannot wait in the outbox (a new experiment, an evaluation, a method's flags, a page of
 * older entries): its control is disabled while the server cannot be reached, with a note that says
 * why, and enabled again with the server's next answer (Entscheidung COMP-2). "Cannot be
 * reached" is the browser being offline or the last request not reaching the server: on a phone
 * between networks, or with the server down, `navigator.onLine` stays true (offline/connectivity.ts
 * probes /healthz meanwhile). Writes the outbox queues (a step, 'Alles erledigt', a comment) stay
 * enabled: they are sent exactly once when the server answers again.
 */
export function OnlineOnly({
  children,
}: {
  children: (cut: boolean, noteId: string | undefined) => ReactNode;
}) {
  const cut = useOffline();
  const noteId = useId();
  return (
    <>
      {children(cut, cut ? noteId : undefined)}
      {cut && <ConnectionNote id={noteId} />}
    </>
  );
}

export function ConnectionNote({ id }: { id?: string }) {
  return (
    <p id={id} className="mt-2 text-sm text-slate-600">
      Das geht nur mit Verbindung zum Server. Sobald sie wieder steht, kannst du weitermachen.
    </p>
  );
}
