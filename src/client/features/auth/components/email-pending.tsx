import { AuthCard } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** Shown while the mailed verification link is checked. */
export function EmailPending() {
  useDocumentTitle('E-Mail-Adresse wird bestätigt');
  return (
    <AuthCard title="E-Mail-Adresse wird bestätigt" flash={false}>
      <p role="status" className="text-slate-700">
        Einen Moment bitte, wir prüfen deinen Bestätigungslink …
      </p>
    </AuthCard>
  );
}
