import { useDocumentTitle } from '../lib/document-title.ts';

type Props = { title: string; level?: 1 | 2 };

/** Placeholder of a screen that a later issue fills. */
export function NotAvailable({ title, level = 1 }: Props) {
  useDocumentTitle(title);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div>
      <Heading
        className={level === 1 ? 'text-2xl font-bold text-slate-900' : 'text-xl font-semibold text-slate-900'}
      >
        {title}
      </Heading>
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        <p className="font-semibold">Noch nicht verfügbar</p>
        <p className="mt-1 text-sm text-slate-600">Dieser Bereich wird gerade gebaut und folgt in Kürze.</p>
      </div>
    </div>
  );
}

/** Route component of a screen not built yet, so its route file stays a few lines. */
export const notAvailable = (title: string, level: 1 | 2 = 1) =>
  function NotAvailableRoute() {
    return <NotAvailable title={title} level={level} />;
  };
