import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { FeedbackForm } from '../../../components/feedback-form.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** /app/feedback: the feedback form as a page of its own (§2). */
export function FeedbackPage({ from }: { from?: string }) {
  useDocumentTitle('Feedback geben');
  return (
    <div className="max-w-xl">
      <h1 className="text-2xl font-bold text-slate-900">Feedback geben</h1>
      <p className="mt-2 mb-6 text-slate-700">
        Sag uns, was dir an Kompass Studio gefällt und was wir besser machen können.
      </p>
      <FeedbackForm page={from ?? '/app/feedback'} />
    </div>
  );
}

/**
 * /feedback outside the app (an old or shared link): feedback belongs to an account, so a guest
 * reads that and gets the way to log in and on to the form (it showed the 404 page).
 * A signed-in user is sent on to /app/feedback by the route.
 */
export function FeedbackLoginPage() {
  useDocumentTitle('Feedback geben');
  return (
    <PublicLayout>
      <div className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-2xl font-bold text-slate-900">Feedback geben</h1>
        <p className="mt-3 text-slate-700">Um uns Feedback zu geben, melde dich bitte an.</p>
        <Link to="/login" search={{ redirect: '/app/feedback' }} className={buttonClass('primary', 'mt-6')}>
          Anmelden
        </Link>
      </div>
    </PublicLayout>
  );
}
