// The method list's order and filters (practices.list): folded on phones, with the count, the
// way to the results and the reset in view while open.
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import type { Podcast } from '../../../../shared/podcasts.ts';
import {
  audienceSize,
  budget,
  practiceOrder,
  practiceStatus,
  relevance,
  timeEffort,
  type PracticeOrder,
} from '../../../../shared/vocabulary.ts';
import { Button } from '../../../components/button.tsx';
import { ChevronDownIcon } from '../../../components/nav-icons.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useKeywords } from '../api/get-keywords.ts';
import type { PracticeFilters } from '../api/get-practices.ts';

/** The orders a podcast may choose: without Pro, no 'Empfohlen'. */
function orderOptions(active: boolean) {
  return Object.fromEntries(
    practiceOrder.keys.filter((k) => active || k !== 'advice').map((k) => [k, practiceOrder.labels[k]]),
  );
}

/**
 * A <details> that opens by itself when the page starts with active filters, and otherwise stays
 * as the user left it: resetting the last filter must not fold the panel away under the finger
 *, as a controlled `open={active > 0}` did.
 */
function Fold({
  initiallyOpen,
  summary,
  children,
  className = '',
  ...props
}: ComponentProps<'details'> & { initiallyOpen: boolean; summary: ReactNode }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details
      {...props}
      className={`${className} [&[open]>summary>svg]:rotate-180`}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      {/* A flex summary has no disclosure marker: a chevron says that it opens. */}
      <summary className="flex min-h-11 cursor-pointer items-center gap-1.5 font-medium text-slate-800">
        {summary}
        <ChevronDownIcon />
      </summary>
      {children}
    </details>
  );
}

/** Commitment and investment exist in the spec but cannot filter yet (§2). */
const NOT_YET = 'Dieser Filter ist noch nicht verfügbar.';

type FiltersProps = {
  podcast: Podcast;
  filters: PracticeFilters;
  order: PracticeOrder;
  /** Methods matching the filters; undefined while they load. */
  total: number | undefined;
  onChange: (change: PracticeFilters) => void;
  onReset: () => void;
  onShowResults: () => void;
};

const countText = (total: number | undefined) =>
  total === undefined
    ? 'Suche passende Methoden …'
    : total === 0
      ? 'Keine passende Methode'
      : total === 1
        ? '1 passende Methode'
        : `${total} passende Methoden`;

const labels = (v: { keys: readonly string[]; labels: Record<string, string> }) =>
  Object.fromEntries(v.keys.map((k) => [k, v.labels[k]!]));

/** Order and filters; commitment and investment are shown but not yet usable (§2). */
export function Filters({ podcast, filters, order, total, onChange, onReset, onShowResults }: FiltersProps) {
  const active = [filters.status, filters.expansion, filters.relevance, filters.keywords?.length].filter(
    Boolean,
  ).length;
  return (
    <form
      aria-label="Methoden filtern"
      onSubmit={(e) => e.preventDefault()}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="sm:max-w-xs">
        <SelectField
          label="Sortierung"
          name="order"
          options={orderOptions(podcast.active)}
          value={order}
          onChange={(e) => onChange({ order: e.target.value as PracticeOrder })}
        />
      </div>
      {/* Folded on phones until used: six fields would push the cards off the first screen. */}
      <Fold
        initiallyOpen={active > 0}
        className="mt-3"
        summary={`Filter${active > 0 ? ` (${active} aktiv)` : ''}`}
      >
        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField
            label="Status"
            name="status"
            placeholder="Alle Methoden"
            options={labels(practiceStatus)}
            value={filters.status ?? ''}
            onChange={(e) => onChange({ status: (e.target.value || undefined) as PracticeFilters['status'] })}
          />
          <SelectField
            label="Hörerschaft"
            name="expansion"
            placeholder="Jede Größe"
            options={labels(audienceSize)}
            value={filters.expansion ?? ''}
            onChange={(e) =>
              onChange({ expansion: (e.target.value || undefined) as PracticeFilters['expansion'] })
            }
          />
          <SelectField
            label="Relevanz"
            name="relevance"
            placeholder="Alle"
            options={labels(relevance)}
            value={filters.relevance ?? ''}
            onChange={(e) =>
              onChange({ relevance: (e.target.value || undefined) as PracticeFilters['relevance'] })
            }
          />
          <SelectField
            label="Zeiteinsatz"
            name="commitment"
            placeholder="Jeder Aufwand"
            options={labels(timeEffort)}
            hint={NOT_YET}
            disabled
            value=""
          />
          <SelectField
            label="Geldeinsatz"
            name="investment"
            placeholder="Jedes Budget"
            options={labels(budget)}
            hint={NOT_YET}
            disabled
            value=""
          />
          <KeywordFilter
            selected={filters.keywords ?? []}
            onChange={(keywords) => onChange({ keywords: keywords.length ? keywords : undefined })}
          />
        </div>
        {/* On a phone the open filters fill the screen: the count, the way to the results and the
            reset stay in view above the tab bar while the panel is open (Entscheidung FPRA-2). */}
        <div className="sticky bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-10 -mx-4 -mb-4 mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-b-2xl border-t border-slate-200 bg-white px-4 py-3 md:bottom-0">
          <p aria-live="polite" className="mr-auto font-medium text-slate-900">
            {countText(total)}
          </p>
          {active > 0 && (
            <Button type="button" variant="secondary" onClick={onReset}>
              Filter zurücksetzen
            </Button>
          )}
          <Button type="button" onClick={onShowResults}>
            Ergebnisse anzeigen
          </Button>
        </div>
      </Fold>
    </form>
  );
}

/** Keyword chips shown before 'Alle … Schlagworte zeigen'. */
const CHIPS = 12;

/** 'Schlagworte': any of the chosen keywords matches; folded away until opened. */
function KeywordFilter({ selected, onChange }: { selected: string[]; onChange: (k: string[]) => void }) {
  const keywords = useKeywords();
  const id = useId();
  const [all, setAll] = useState(false);
  const every = keywords.data ?? [];
  // The first chips and every chosen one; the rest on request, so the results stay near.
  const list = all ? every : every.filter((k, i) => i < CHIPS || selected.includes(k.handle));
  return (
    <div role="group" aria-label="Schlagworte" className="sm:col-span-2 lg:col-span-3">
      <Fold
        initiallyOpen={selected.length > 0}
        className="text-sm"
        summary={`Schlagworte${selected.length > 0 ? ` (${selected.length} gewählt)` : ''}`}
      >
        {list.length === 0 ? (
          <p className="text-sm text-slate-600">Keine Schlagworte verfügbar.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {list.map((k) => {
              const checked = selected.includes(k.handle);
              return (
                <li key={k.handle}>
                  <input
                    id={`${id}-${k.handle}`}
                    type="checkbox"
                    className="peer sr-only"
                    checked={checked}
                    onChange={() =>
                      onChange(checked ? selected.filter((h) => h !== k.handle) : [...selected, k.handle])
                    }
                  />
                  <label
                    htmlFor={`${id}-${k.handle}`}
                    className="flex min-h-11 cursor-pointer items-center rounded-full border border-slate-300 bg-white px-4 text-sm text-slate-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600"
                  >
                    {k.title}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {every.length > CHIPS && (
          <button
            type="button"
            aria-expanded={all}
            className="mt-2 min-h-11 font-semibold text-brand-800 underline"
            onClick={() => setAll(!all)}
          >
            {all ? 'Weniger Schlagworte zeigen' : `Alle ${every.length} Schlagworte zeigen`}
          </button>
        )}
      </Fold>
    </div>
  );
}
