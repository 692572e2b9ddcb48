import { useNavigate } from '@tanstack/react-router';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useSelectContext } from '../api/get-context.ts';
import { ImportForm } from './import-form.tsx';

/** podcasts.import: another podcast from its feed; it becomes the selected one. */
export function PodcastsImportPage() {
  useDocumentTitle('Podcast importieren');
  const navigate = useNavigate();
  const select = useSelectContext();
  const onImported = (podcast: Podcast) =>
    select.mutate(podcast.id, { onSuccess: () => void navigate({ to: '/app/podcast' }) });
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Podcast importieren</h1>
      <p className="mt-2 mb-6 text-slate-700">
        Übernimm einen weiteren Podcast mit Titel, Bild und allen Folgen aus seinem RSS-Feed.
      </p>
      {select.isError && <Banner tone="error">{apiError(select.error).message}</Banner>}
      <ImportForm onImported={onImported} />
    </div>
  );
}
