import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from './button.tsx';

const later = 'min-h-11 rounded-xl px-3 text-sm font-semibold text-white hover:bg-white/10';

/** Registers the service worker and offers a waiting new version ('Neue Version verfügbar'). */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-slate-900 p-3 pl-4 text-white shadow-xl md:bottom-6"
    >
      <p className="flex-1 text-sm font-medium">Neue Version verfügbar</p>
      <button type="button" className={later} onClick={() => setNeedRefresh(false)}>
        Später
      </button>
      <Button type="button" variant="secondary" onClick={() => void updateServiceWorker(true)}>
        Aktualisieren
      </Button>
    </div>
  );
}
