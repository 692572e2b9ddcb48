// 'Für offline speichern': every method with all its parts goes into the offline mirror
// (sw/mirror.ts), so any method reads offline later. On Wi-Fi it happens by itself once a day.
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useOffline } from '../../../components/offline-banner.tsx';
import { germanDateTime } from '../../../lib/lazy-format.ts';
import {
  onUnmeteredNetwork,
  readMethodsSaved,
  saveMethodsForOffline,
  useMethodsSaved,
  useMethodsSaving,
} from '../../../offline/offline-data.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function SaveForOffline({ podcastId }: { podcastId: number }) {
  const saved = useMethodsSaved();
  const progress = useMethodsSaving();
  const offline = useOffline();
  const [askedAt, setAskedAt] = useState<number>();
  const [unavailable, setUnavailable] = useState(false);

  const start = () => {
    setAskedAt(Date.now());
    void saveMethodsForOffline(podcastId).then((ok) => {
      if (ok) return;
      setUnavailable(true);
      setAskedAt(undefined);
    });
  };
  useEffect(() => {
    if (!navigator.onLine || !onUnmeteredNetwork()) return;
    void readMethodsSaved().then((last) => {
      if (last?.podcastId !== podcastId || Date.now() - last.at > DAY_MS)
        void saveMethodsForOffline(podcastId);
    });
  }, [podcastId]);

  const finished = askedAt !== undefined && saved !== undefined && saved.at >= askedAt;
  const busy = progress !== undefined || (askedAt !== undefined && !finished);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" pending={busy} disabled={offline} onClick={start}>
        Für offline speichern
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {progress
          ? `Speichere Methoden … ${progress.done} von ${progress.total}`
          : busy
            ? 'Speichere Methoden …'
            : unavailable
              ? 'Offline-Speichern ist in diesem Browser nicht möglich.'
              : saved?.podcastId === podcastId
                ? `${saved.count} Methoden offline gespeichert (Stand: ${germanDateTime(saved.at)} Uhr)`
                : ''}
      </p>
    </div>
  );
}
