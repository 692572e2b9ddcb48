import type { PaginationMeta } from '../../shared/api.ts';
import { buttonClass } from './button.tsx';

type Props = {
  /** Undefined (not loaded, or the list failed to load) reads as an empty list (§8). */
  meta: PaginationMeta | undefined;
  onPage: (page: number) => void;
  /** Names the navigation, e.g. 'Seiten der Episoden'. */
  label: string;
};

/**
 * The paginator of §2: 'Zeige x bis y von z Ergebnissen', Zurück/Vorwärts, 'Keine Ergebnisse'.
 * At the first or last page a button is marked unavailable rather than disabled, so keyboard
 * focus stays on it after the click that got there.
 */
export function Paginator({ meta, onPage, label }: Props) {
  if (!meta || meta.total === 0 || meta.from === null || meta.to === null) {
    return <p className="text-sm text-slate-600">Keine Ergebnisse</p>;
  }
  const { current_page: page, last_page: last } = meta;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        Zeige {meta.from} bis {meta.to} von {meta.total} Ergebnissen
      </p>
      {last > 1 && (
        <div className="flex gap-2">
          <PageButton label="Zurück" target={page > 1 ? page - 1 : null} onPage={onPage} />
          <PageButton label="Vorwärts" target={page < last ? page + 1 : null} onPage={onPage} />
        </div>
      )}
    </nav>
  );
}

function PageButton({
  label,
  target,
  onPage,
}: {
  label: string;
  target: number | null;
  onPage: (page: number) => void;
}) {
  return (
    <button
      type="button"
      aria-disabled={target === null || undefined}
      onClick={() => target !== null && onPage(target)}
      className={buttonClass('secondary', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
    >
      {label}
    </button>
  );
}
