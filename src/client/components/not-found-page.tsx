import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../lib/document-title.ts';
import { buttonClass } from './button.tsx';
import { PublicLayout } from './public-layout.tsx';

/** The catch-all 404 (§2, §8). */
export function NotFoundPage() {
  useDocumentTitle('Seite nicht gefunden');
  return (
    <PublicLayout>
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Page not found.</h1>
        <p className="mt-3 text-slate-700">Diese Seite gibt es nicht (mehr).</p>
        <Link to="/" className={buttonClass('primary', 'mt-8')}>
          Zur Startseite
        </Link>
      </div>
    </PublicLayout>
  );
}
