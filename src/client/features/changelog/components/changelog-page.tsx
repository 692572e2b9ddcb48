import { PublicLayout } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { ChangelogLists } from './changelog-lists.tsx';

const TITLE = 'Changelog & Roadmap';

/** /changelog: public, linked from the footer (spec §1). */
export function ChangelogPage() {
  useDocumentTitle(TITLE);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-8 text-3xl font-bold text-slate-900">{TITLE}</h1>
        <ChangelogLists />
      </div>
    </PublicLayout>
  );
}

/** /app/changelog: the same lists inside the app's frame. */
export function AppChangelogPage() {
  useDocumentTitle(TITLE);
  return (
    <div>
      <h1 className="mb-8 text-2xl font-bold text-slate-900">{TITLE}</h1>
      <ChangelogLists />
    </div>
  );
}
