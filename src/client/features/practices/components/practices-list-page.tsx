import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useRef } from 'react';
import type { Podcast } from '../../../../shared/podcasts.ts';
import type { PracticeOrder } from '../../../../shared/vocabulary.ts';
import { Button, buttonClass } from '../../../components/button.tsx';
import { deferred } from '../../../components/deferred.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePractices, type PracticeFilters } from '../api/get-practices.ts';
import { usePooledEffects } from '../api/get-pooled-effects.ts';
import { PracticeCard, PracticeGrid } from './practice-card.tsx';
import { Filters } from './practice-filters.tsx';
import { PracticeMenu } from './practice-menu.tsx';
import { useSteadyOrder } from './steady-order.ts';

/** 'Für offline speichern' and the offline store (dexie) under it load after the first screen. */
const SaveForOffline = deferred(() => import('./save-for-offline.tsx').then((m) => m.SaveForOffline));

const EMPTY = 'Für diese Auswahl gibt es keine Methoden. Probiere andere Filter aus.';

type Props = {
  podcast: Podcast;
  filters: PracticeFilters;
  onFilters: (filters: PracticeFilters) => void;
};

/** No cards (one array, so the steady order sees no new answer). */
const NONE: readonly never[] = [];

/** §4, §9: the advice order is Pro only and the default when the podcast is active, else effort. */
export const defaultOrder = (podcast: Pick<Podcast, 'active'>): PracticeOrder =>
  podcast.active ? 'advice' : 'effort';

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
  // What other podcasts measured, once for all cards, after the list (never holds it up).
  const pooled = usePooledEffects(podcast.id);
  // The cards render in the background, in slices the browser can interrupt (Entscheidung FPRA-4).
  // Also when the answer is there at the first
  // render (the page's embedded answers, the cache): that render shows the page without the cards
  // (React's initial value; null, since undefined means none), and they follow in the background.
  // The steady order follows every answer as it comes, the optimistic one too, before the cards'
  // deferral: a background render that the refetch overtook never saw the flag change, and the
  // card flagged 'In Anwendung' jumped away (Entscheidung FPRA-5).
  const loaded = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? NONE, [list.data]);
  const steady = useSteadyOrder(loaded, JSON.stringify(effective));
  const answer = useMemo(
    () => (list.data ? { data: list.data, practices: steady } : null),
    [list.data, steady],
  );
  const shown = useDeferredValue(answer, null);
  const data = shown?.data;
  // A failed first load shows the empty text (§8); a failed refetch keeps what is on screen.
  const practices = shown?.practices ?? NONE;
  const pending = list.isPending || (list.data !== undefined && data === undefined);
  const total = data?.pages.at(-1)?.meta.total;
  const set = (change: PracticeFilters) => onFilters({ ...filters, ...change });
  const results = useRef<HTMLDivElement>(null);
  const showResults = () => {
    results.current?.scrollIntoView({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  };

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
      <Filters
        podcast={podcast}
        filters={filters}
        order={effective.order}
        total={pending ? undefined : (total ?? 0)}
        onChange={set}
        onReset={() => onFilters({ order: filters.order })}
        onShowResults={showResults}
      />
      <div ref={results} tabIndex={-1} aria-label="Ergebnisse" className="mt-6 scroll-mt-4 outline-none">
        {pending ? (
          <p className="text-slate-600">Lade Methoden...</p>
        ) : practices.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700">{EMPTY}</p>
        ) : (
          <>
            {/* The cards' titles are h3: this keeps the heading order (axe heading-order). */}
            <h2 className="sr-only">Methoden</h2>
            {total !== undefined && (
              <p className="mb-3 text-sm text-slate-600">{total === 1 ? '1 Methode' : `${total} Methoden`}</p>
            )}
            <PracticeGrid busy={list.isPlaceholderData}>
              {practices.map((p) => (
                <li key={p.id}>
                  <PracticeCard
                    practice={p}
                    pooled={pooled.get(p.id)}
                    menu={<PracticeMenu podcast={podcast} practice={p} />}
                  />
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
