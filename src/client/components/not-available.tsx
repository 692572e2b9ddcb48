import { useDocumentTitle } from '../lib/document-title.ts';

/** Placeholder of a screen that a later issue fills. */
export function NotAvailable({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        <p className="font-semibold">Noch nicht verfügbar</p>
        <p className="mt-1 text-sm text-slate-600">Dieser Bereich wird gerade gebaut und folgt in Kürze.</p>
      </div>
    </div>
  );
}

/** Route component factory, so a route file stays one line until its screen exists. */
export const notAvailable = (title: string) => () => <NotAvailable title={title} />;
