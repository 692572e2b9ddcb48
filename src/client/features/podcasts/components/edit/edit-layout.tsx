import { Outlet } from '@tanstack/react-router';
import { SectionNav } from '../../../../components/section-nav.tsx';
import { useDocumentTitle } from '../../../../lib/document-title.ts';
import { usePodcast } from '../../api/get-context.ts';

const sections = [
  { to: '/app/podcast/edit/general', label: 'Allgemein' },
  { to: '/app/podcast/edit/objective', label: 'Ziele' },
  { to: '/app/podcast/edit/stage', label: 'Empfehlungen' },
  { to: '/app/podcast/edit/strategy', label: 'Strategie' },
  { to: '/app/podcast/edit/metrics', label: 'Erfolgskriterien' },
  { to: '/app/podcast/edit/milestones', label: 'Meilensteine' },
  { to: '/app/podcast/edit/coworkers', label: 'Coworker*innen' },
  { to: '/app/podcast/edit/contract', label: 'Studio Upgrade' },
] as const;

/**
 * podcast.edit: open to every member (§6: the edit button shows for everyone); each section shows
 * its data read-only to roles that may not change it.
 */
export function PodcastEditLayout() {
  const podcast = usePodcast();
  useDocumentTitle('Podcast bearbeiten');
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Podcast bearbeiten</h1>
      {podcast && <p className="mt-1 text-slate-700">{podcast.name || podcast.title}</p>}
      <SectionNav label="Bereiche des Podcasts" sections={sections} />
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {podcast && <Outlet />}
      </div>
    </div>
  );
}
