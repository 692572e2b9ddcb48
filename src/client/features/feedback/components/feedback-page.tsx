import { FeedbackForm } from '../../../components/feedback-form.tsx';
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
