import { Link } from '@tanstack/react-router';
import { useDeferredValue, useId, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { practiceOrder, practiceStatus, type PracticeOrder } from '../../../../shared/vocabulary.ts';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { audienceSize, budget, relevance, timeEffort } from '../../../../shared/vocabulary.ts';
import { Button, buttonClass } from '../../../components/button.tsx';
import { deferred } from '../../../components/deferred.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useKeywords } from '../api/get-keywords.ts';
import { usePractices, type PracticeFilters } from '../api/get-practices.ts';
import { PracticeCard, PracticeGrid } from './practice-card.tsx';
import { PracticeMenu } from './practice-menu.tsx';
import { useSteadyOrder } from './steady-order.ts';
import { ChevronDownIcon } from '../../../components/nav-icons.tsx';

/** 'Für offline speichern' and the offline store (dexie) under it load after the first screen. */
const SaveForOffline = deferred(() => import('./save-for-offline.tsx').then((m) => m.SaveForOffline));

const EMPTY = 'Für diese Auswahl gibt es keine Methoden. Probiere andere Filter aus.';

type Props = {
  podcast: Podcast;
  filters: PracticeFilters;
  onFilters: (filters: PracticeFilters) => void;
};

/** §4, §9: the advice order is Pro only and the default when the podcast is active, else effort. */
export const defaultOrder = (podcast: Pick<Podcast, 'active'>): PracticeOrder =>
  podcast.active ? 'advice' : 'effort';

/** The orders a podcast may choose: without Pro, no 'Empfohlen'. */
function orderOptions(active: boolean) {
  return Object.fromEntries(
    practiceOrder.keys.filter((k) => active || k !== 'advice').map((k) => [k, practiceOrder.labels[k]]),
  );
}

/**
 * practices.list 'Lass dich inspirieren': order and filters (kept in the URL by the route), the
 * card grid, 'Mehr Methoden anzeigen' while there are more pages. A failed load shows the empty
 * text (§8).
 */
export function PracticesListPage({ podcast, filters, onFilters }: Props) {
  useDocumentTitle('Lass dich inspirieren');
  const order = filters.order === 'advice' && !podcast.active ? undefined : filters.order;
  const effective = { ...filters, order: order ?? defaultOrder(podcast) };
  const list = usePractices(podcast.id, effective);
  // The cards render in the background, in slices the browser can interrupt (decision 2026-11-26,
  // issue 25): an answer renders at once otherwise, and the first page's cards were one task of
  // ~0.4–0.7 s at 4x CPU on a phone's first visit. Also when the answer is there at the first
  // render (the page's embedded answers, the cache): that render shows the page without the cards
  // (React's initial value; null, since undefined means none), and they follow in the background.
  const data = useDeferredValue(list.data ?? null, null) ?? undefined;
  const pending = list.isPending || (list.data !== undefined && data === undefined);
  // A failed first load shows the empty text (§8); a failed refetch keeps what is on screen.
  const loaded = useMemo(() => data?.pages.flatMap((p) => p.data) ?? [], [data]);
  const practices = useSteadyOrder(loaded, JSON.stringify(effective));
  const total = data?.pages.at(-1)?.meta.total;
  const set = (change: PracticeFilters) => onFilters({ ...filters, ...change });

  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Lass dich inspirieren</h1>
      <p className="mt-1 text-slate-700">
        Methoden, mit denen dein Podcast wächst. Merke dir, was dich anspricht, und probiere es aus.
      </p>
      {!podcast.active && (
        <div className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-4">
          <p className="text-slate-800">
            Welche Methoden passen am besten zu deinen Zielen? Mit Studio Pro empfiehlt dir der Kompass die
            passenden und sagt dir, warum.
          </p>
          <Link
            to="/app/podcasts/$id/conversion"
            params={{ id: String(podcast.id) }}
            className={buttonClass('primary', 'mt-3')}
          >
            Kompass befragen
          </Link>
        </div>
      )}
      <SaveForOffline podcastId={podcast.id} />
      <Filters podcast={podcast} filters={filters} order={effective.order} onChange={set} />
      <div className="mt-6">
        {pending ? (
          <p className="text-slate-600">Lade Methoden...</p>
        ) : practices.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700">{EMPTY}</p>
        ) : (
          <>
            {/* The cards' titles are h3: this keeps the heading order (axe heading-order, issue 21). */}
            <h2 className="sr-only">Methoden</h2>
            {total !== undefined && (
              <p className="mb-3 text-sm text-slate-600" aria-live="polite">
                {total === 1 ? '1 Methode' : `${total} Methoden`}
              </p>
            )}
            <PracticeGrid busy={list.isPlaceholderData}>
              {practices.map((p) => (
                <li key={p.id}>
                  <PracticeCard practice={p} menu={<PracticeMenu podcast={podcast} practice={p} />} />
                </li>
              ))}
            </PracticeGrid>
            {list.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button
                  type="button"
                  variant="secondary"
                  pending={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  Mehr Methoden anzeigen
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * A <details> that opens by itself when the page starts with active filters, and otherwise stays
 * as the user left it: resetting the last filter must not fold the panel away under the finger
 * (issue 21), as a controlled `open={active > 0}` did.
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
      {/* A flex summary has no disclosure marker: a chevron says that it opens (issue 21). */}
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
  onChange: (change: PracticeFilters) => void;
};

const labels = (v: { keys: readonly string[]; labels: Record<string, string> }) =>
  Object.fromEntries(v.keys.map((k) => [k, v.labels[k]!]));

/** Order and filters; commitment and investment are shown but not yet usable (§2). */
function Filters({ podcast, filters, order, onChange }: FiltersProps) {
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
      </Fold>
    </form>
  );
}

/** 'Schlagworte': any of the chosen keywords matches; folded away until opened. */
function KeywordFilter({ selected, onChange }: { selected: string[]; onChange: (k: string[]) => void }) {
  const keywords = useKeywords();
  const id = useId();
  const list = keywords.data ?? [];
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
      </Fold>
    </div>
  );
}
