import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

export type LegalSection = { title: string; paragraphs: string[] };

/** A static text page (terms, privacy), opened in a new tab from the registration. */
export function LegalPage({
  title,
  updated,
  sections,
  intro,
}: {
  title: string;
  updated: string;
  sections: LegalSection[];
  intro?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Stand: {updated}</p>
        {intro && <div className="mt-6 text-slate-700">{intro}</div>}
        {sections.map((section) => (
          <section key={section.title} className="mt-8">
            <h2 className="text-xl font-semibold text-slate-900">{section.title}</h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="mt-3 leading-7 text-slate-700">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
