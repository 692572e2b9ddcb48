import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** §8: another user's profile could not be loaded. */
export function UserProfileError({ error }: ErrorComponentProps) {
  useDocumentTitle('Hier hat etwas nicht geklappt...');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Hier hat etwas nicht geklappt...</h1>
      <ErrorPanel level={2} error={error} />
    </div>
  );
}
