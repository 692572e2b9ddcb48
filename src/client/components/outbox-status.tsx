// The outbox on every app screen (src/client/offline/outbox.ts): how many changes wait, and the
// changes the server refused, each with its message and 'Erneut senden' or 'Verwerfen', so none
// is dropped unseen (the experiment it belongs to may be gone, so this is not on its page only).
import { useEffect } from 'react';
import { useConnectivity } from '../offline/connectivity.ts';
import { discardOutboxItem, retryOutboxItem, useOutbox } from '../offline/outbox.ts';
import { reportOutboxWaiting } from '../offline/pending-writes.ts';
import { useUser } from '../lib/session.ts';
import { Button } from './button.tsx';

const changes = (n: number) => (n === 1 ? '1 Änderung' : `${n} Änderungen`);

export function OutboxStatus() {
  const items = useOutbox();
  const offline = useConnectivity((s) => s.offline || s.unreachable);
  const user = useUser();
  const waiting = items.filter((i) => i.state === 'pending').length;
  const refused = items.filter((i) => i.state === 'refused');
  // An app update waits while changes wait (update-prompt.tsx).
  useEffect(() => reportOutboxWaiting(waiting), [waiting]);
  if (waiting === 0 && refused.length === 0) return null;
  return (
    <div className="space-y-2 px-4 py-2">
      {waiting > 0 && (
        <p role="status" className="text-center text-sm font-medium text-amber-950">
          {!user
            ? `${changes(waiting)} ${waiting === 1 ? 'wird' : 'werden'} nach der Anmeldung gesendet.`
            : `${changes(waiting)} ${waiting === 1 ? 'wartet' : 'warten'} ${offline ? 'auf Verbindung.' : 'darauf, gesendet zu werden.'}`}
        </p>
      )}
      {refused.length > 0 && (
        <section
          aria-labelledby="outbox-refused"
          className="mx-auto max-w-3xl rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950"
        >
          <h2 id="outbox-refused" className="font-semibold">
            {changes(refused.length)} nicht gespeichert
          </h2>
          <p className="mt-1 text-sm">Der Server hat offline gemachte Änderungen abgelehnt.</p>
          <ul className="mt-3 space-y-3">
            {refused.map((item) => (
              <li key={item.id} className="rounded-xl bg-white p-3 ring-1 ring-red-200">
                <p className="break-words text-slate-900">{item.label}</p>
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
      )}
    </div>
  );
}
