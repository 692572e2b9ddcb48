import { useOffline } from './offline-banner.tsx';
import { Button } from './button.tsx';

type Props = {
  older: { hasMore: boolean; loading: boolean; failed: boolean; more: () => void };
  /** The list the button adds to (aria-controls). */
  controls?: string;
};

/**
 * „Ältere anzeigen“ under (or above) a bounded list while the server has older entries
 * (lib/older-pages.ts). Offline it is disabled and says why: older pages loaded before stay
 * in the list, new ones need the server (Entscheidung COMP-1).
 */
export function OlderButton({ older, controls }: Props) {
  const offline = useOffline();
  if (!older.hasMore) return null;
  return (
    <div className="my-3">
      <Button
        type="button"
        variant="secondary"
        pending={older.loading}
        disabled={offline}
        aria-controls={controls}
        onClick={older.more}
      >
        Ältere anzeigen
      </Button>
      {offline ? (
        <p className="mt-2 text-sm text-slate-600">Ältere Einträge laden geht nur mit Internetverbindung.</p>
      ) : (
        older.failed &&
        !older.loading && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            Ältere Einträge konnten nicht geladen werden. Bitte versuche es noch einmal.
          </p>
        )
      )}
    </div>
  );
}
