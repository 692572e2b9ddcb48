// compilations.list and compilations.show: the sets (editions and playbooks) and their methods.
import { Link } from '@tanstack/react-router';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { httpStatus } from '../../../api/errors.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCompilation, useCompilations } from '../api/get-compilations.ts';
import { CompilationItem, CompilationTag } from './compilations-widget.tsx';
import { EmojiTile } from './practice-emoji.tsx';
import { PracticeBullets } from './practice-card.tsx';
import { Description } from './practice-tabs.tsx';

/** compilations.list: every set; a failed load reads as none (§8). */
export function CompilationsListPage() {
  useDocumentTitle('Sets');
  const compilations = useCompilations();
  const list = compilations.data ?? [];
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Sets</h1>
      <p className="mt-1 text-slate-700">Editionen und Playbooks bündeln Methoden, die zusammen gehören.</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        {compilations.isPending ? (
          <p className="text-slate-600">Lade Sets...</p>
        ) : list.length === 0 ? (
          <p className="text-slate-700">Es gibt noch keine Sets.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((c) => (
              <li key={c.id}>
                <CompilationItem compilation={c} />
                {c.description && <p className="pb-3 text-sm text-slate-700">{c.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** compilations.show: the set, its description and its methods as bullets. */
export function CompilationPage({ id }: { id: number }) {
  const compilation = useCompilation(id);
  useDocumentTitle(compilation.data?.title ?? 'Set');
  if (compilation.isPending) return <p className="text-slate-600">Lade Set...</p>;
  if (compilation.isError) {
    return httpStatus(compilation.error) === 404 ? (
      <NotFoundPage />
    ) : (
      <ErrorPanel error={compilation.error} />
    );
  }
  const c = compilation.data;
  return (
    <div>
      <p>
        <Link to="/app/compilations" className="inline-flex min-h-11 items-center text-brand-800 underline">
          Alle Sets
        </Link>
      </p>
      <header className="flex items-start gap-4">
        <EmojiTile emoji={c.emoji} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900">{c.title}</h1>
          <div className="mt-2">
            <CompilationTag compilation={c} />
          </div>
        </div>
      </header>
      {c.description && (
        <div className="mt-4">
          <Description markdown={c.description} />
        </div>
      )}
      <h2 className="mt-8 mb-3 text-lg font-bold text-slate-900">Methoden in diesem Set</h2>
      {c.practices.length === 0 ? (
        <p className="text-slate-700">Dieses Set enthält noch keine Methoden.</p>
      ) : (
        <PracticeBullets practices={c.practices} label={`Methoden in ${c.title}`} />
      )}
    </div>
  );
}
