import { Link } from '@tanstack/react-router';
import { apiError } from '../../../api/errors.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useAssistance } from '../api/get-assistance.ts';
import { TipMarkdown } from './tip-markdown.tsx';
import { tipDate } from './tip-date.ts';

/** §2 assistances.show: subject and message. A tip that fails to load shows as empty (§8). */
export function AssistanceDetail({ id }: { id: number }) {
  const tip = useAssistance(id);
  useDocumentTitle(tip.data?.subject ?? 'Tipp der Kompass-KI');
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <p className="text-sm font-semibold text-brand-800">Tipp von der Kompass-KI</p>
      {tip.isPending ? (
        <p className="mt-2 text-slate-600">Lade Tipp …</p>
      ) : tip.data ? (
        <>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{tip.data.subject}</h1>
          <p className="mt-1 mb-5 text-sm text-slate-600">{tipDate(tip.data.created_at)}</p>
          <TipMarkdown>{tip.data.message}</TipMarkdown>
        </>
      ) : (
        <>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">Tipp nicht gefunden</h1>
          <p className="mt-2 text-slate-600">
            {tip.error ? apiError(tip.error).message : 'Diesen Tipp gibt es nicht.'}
          </p>
        </>
      )}
      <Link
        to="/app/assistances"
        className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
      >
        Alle Tipps anzeigen
      </Link>
    </article>
  );
}
