import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Practice } from '../../../../shared/practices.ts';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { TabRow } from '../../../components/tab-row.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { httpStatus } from '../../../api/errors.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePractice } from '../api/get-practice.ts';
import { EmojiTile, emojiTone } from './practice-emoji.tsx';
import { PracticeTags } from './practice-card.tsx';
import { formatDay } from './format-day.ts';

type Tab = { to: string; label: string; enabled: (p: Practice) => boolean };

/** §2: the context, actions and rating tabs are disabled unless the method has them set up. */
const tabs: readonly Tab[] = [
  { to: '/app/practices/$id/overview', label: 'Überblick', enabled: () => true },
  { to: '/app/practices/$id/content', label: 'Beschreibung', enabled: () => true },
  { to: '/app/practices/$id/context', label: 'Einordnung', enabled: (p) => p.setup_context },
  { to: '/app/practices/$id/actions', label: 'Anleitung', enabled: (p) => p.setup_actions },
  { to: '/app/practices/$id/rating', label: 'Potential', enabled: (p) => p.setup_rating },
  { to: '/app/practices/$id/experiments', label: 'Experimente', enabled: () => true },
];

type Props = {
  podcast: Podcast;
  practiceId: number;
  /** The method action menu, given the method as loaded. */
  menu?: (practice: Practice) => ReactNode;
};

/** practices.show: the method's header, its tabs and the current tab. */
export function PracticeLayout({ podcast, practiceId, menu }: Props) {
  const practice = usePractice(podcast.id, practiceId);
  useDocumentTitle(practice.data?.title ?? 'Methode');
  const p = practice.data;
  if (practice.isPending) return <p className="text-slate-600">Lade Methode...</p>;
  // A failed refetch keeps the method it had (offline: the one read online before); only a
  // method never loaded, or one that is gone, shows the error (Entscheidung FPRA-3).
  if (practice.isError && (p === undefined || httpStatus(practice.error) === 404)) {
    return httpStatus(practice.error) === 404 ? <NotFoundPage /> : <ErrorPanel error={practice.error} />;
  }
  if (p === undefined) return null;
  return (
    <div>
      <p>
        <Link to="/app/practices/list" className="inline-flex min-h-11 items-center text-brand-800 underline">
          Alle Methoden
        </Link>
      </p>
      <header className="flex items-start gap-4">
        <EmojiTile emoji={p.emoji} tone={emojiTone(p)} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words hyphens-auto text-slate-900">{p.title}</h1>
          <p className="mt-1 text-slate-700">{p.claim}</p>
          <div className="mt-2">
            <PracticeTags practice={p} />
          </div>
          {p.applied_on && (
            <p className="mt-2 text-sm text-slate-600">
              In Anwendung seit <time dateTime={p.applied_on}>{formatDay(p.applied_on)}</time>
            </p>
          )}
        </div>
        {menu?.(p)}
      </header>
      <TabRow label="Bereiche der Methode">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            {tab.enabled(p) ? (
              <Link
                to={tab.to}
                params={{ id: String(p.id) }}
                className="flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:border-brand-600"
                activeProps={{
                  className: '!border-brand-700 !bg-brand-700 !text-white',
                  'aria-current': 'page',
                }}
              >
                {tab.label}
              </Link>
            ) : (
              <span
                aria-disabled="true"
                className="flex min-h-11 cursor-not-allowed items-center rounded-full border border-dashed border-slate-300 px-4 text-sm font-medium text-slate-500"
              >
                {tab.label}
              </span>
            )}
          </li>
        ))}
      </TabRow>
      <div className="mt-4">
        <Outlet />
      </div>
    </div>
  );
}
