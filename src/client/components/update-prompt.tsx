import { useEffect } from 'react';
import { saveDrafts } from '../lib/drafts.ts';
import { usePendingWrites } from '../offline/pending-writes.ts';
import { updateServiceWorker, useServiceWorkerUpdate } from '../lib/service-worker.ts';
import { Button } from './button.tsx';

const later = 'min-h-11 rounded-xl px-3 text-sm font-semibold text-white hover:bg-white/10';
const bar =
  'fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-slate-900 p-3 pl-4 ' +
  'text-white shadow-xl md:bottom-6';

function reloadKeepingDrafts() {
  saveDrafts();
  window.location.reload();
}

/**
 * Offers a waiting new version ('Neue Version verfügbar') of the service worker, which
 * lib/service-worker.ts registers at `load`.
 * Nothing typed or unsent is lost by updating: while a write is on its way (a request in flight,
 * or outbox items waiting for the network) 'Aktualisieren' waits; text in fields is saved before
 * the reload and filled back in after it (lib/drafts.ts). This holds in every open tab: once one
 * tab updates, the others reload too (their old chunks are gone), each when its writes are done.
 */
export function UpdatePrompt() {
  const pending = usePendingWrites();
  const { needRefresh, reloadDue } = useServiceWorkerUpdate();

  useEffect(() => {
    if (reloadDue && !pending) reloadKeepingDrafts();
  }, [reloadDue, pending]);

  if (reloadDue) {
    return pending ? (
      <div role="status" className={bar}>
        <p className="flex-1 text-sm font-medium">
          Die neue Version lädt, sobald deine Änderung gesendet ist.
        </p>
      </div>
    ) : null;
  }
  if (!needRefresh) return null;
  return (
    <div role="status" className={bar}>
      <div className="flex-1 text-sm">
        <p className="font-medium">Neue Version verfügbar</p>
        {pending && <p className="text-slate-300">Eine Änderung wird noch gesendet, danach geht es.</p>}
      </div>
      <button
        type="button"
        className={later}
        onClick={() => useServiceWorkerUpdate.setState({ needRefresh: false })}
      >
        Später
      </button>
      <Button type="button" variant="secondary" disabled={pending} onClick={() => void updateServiceWorker()}>
        Aktualisieren
      </Button>
    </div>
  );
}
