// The parts every editorial list of /nova shares: an entry that opens into its form, its delete
// button, and the list's frame with its error.
import { useState, type ReactNode } from 'react';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useDeleteEntry } from '../api/nova-api.ts';

/** 'Eintrag löschen', asked once more before it deletes. */
export function DeleteEntry({ path }: { path: string }) {
  const remove = useDeleteEntry(path);
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button type="button" variant="secondary" className="mt-4" onClick={() => setAsking(true)}>
        Eintrag löschen
      </Button>
    );
  return (
    <div role="group" aria-label="Eintrag löschen?" className="mt-4 space-y-3 rounded-xl bg-red-50 p-3">
      <p className="text-red-950">
        Diesen Eintrag wirklich löschen? Er verschwindet auch von den öffentlichen Seiten.
      </p>
      {remove.isError && <Banner tone="error">{apiError(remove.error).message}</Banner>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" pending={remove.isPending} onClick={() => remove.mutate(undefined)}>
          Ja, löschen
        </Button>
        <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
          Abbrechen
        </Button>
      </div>
    </div>
  );
}

export function Entry({
  summary,
  edited,
  deletePath,
  children,
}: {
  summary: string;
  edited: boolean;
  /** Entries that may be deleted (not sets): the DELETE path. */
  deletePath?: string;
  children: ReactNode;
}) {
  return (
    <li>
      <details className="group rounded-2xl border border-slate-200 bg-white">
        <summary className="flex min-h-12 cursor-pointer items-center gap-2 px-4 py-2 font-medium text-slate-900">
          <span className="grow">{summary}</span>
          {edited && <span className="text-sm font-normal text-slate-600">bearbeitet</span>}
        </summary>
        <div className="border-t border-slate-200 p-4">
          {children}
          {deletePath && <DeleteEntry path={deletePath} />}
        </div>
      </details>
    </li>
  );
}

export function ListFrame({
  title,
  error,
  children,
}: {
  title: string;
  error: unknown;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} – Administration`);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {error ? <Banner tone="error">{apiError(error).message}</Banner> : null}
      {children}
    </div>
  );
}
