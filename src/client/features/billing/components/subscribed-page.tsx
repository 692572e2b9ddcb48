import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** subscribed: where the membership platform sends the user after subscribing (§2). */
export function SubscribedPage() {
  useDocumentTitle('Abo erfolgreich abgeschlossen');
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <p className="text-5xl" aria-hidden="true">
        🎉
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Abo erfolgreich abgeschlossen</h1>
      <p className="mt-3 text-slate-700">
        Danke für dein Vertrauen! Studio Pro ist jetzt für deinen Podcast freigeschaltet.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to="/app/practices" className={buttonClass('primary')}>
          Zu den Methoden
        </Link>
        <Link to="/app/dashboard" className={buttonClass('secondary')}>
          Zum Dashboard
        </Link>
      </div>
    </section>
  );
}
