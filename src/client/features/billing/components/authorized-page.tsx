import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { handOver } from '../api/billing.ts';

type Props = {
  code: string;
  state: string;
  /** The provider's `error` (the user declined), if any. */
  declined: boolean;
  /** Goes on to the contract settings (of the podcast the pricing action was for, or the account's). */
  onDone: (podcastId: number | null) => void;
};

/** authorized: the provider's redirect URI. Hands code and state to the server, then to the contract settings. */
export function AuthorizedPage({ code, state, declined, onDone }: Props) {
  useDocumentTitle('Verbindung mit Steady');
  const [error, setError] = useState<string | null>(
    declined || !code || !state ? 'Die Verbindung mit Steady wurde nicht bestätigt.' : null,
  );
  const started = useRef(false);
  useEffect(() => {
    if (started.current || error) return;
    started.current = true; // a code works once: never twice (strict mode, re-renders)
    handOver(code, state).then(
      (answer) => onDone(answer.podcast_id),
      (e: unknown) => setError(apiError(e).message),
    );
  }, [code, state, error, onDone]);

  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
      <h1 className="text-2xl font-bold text-slate-900">Verbindung mit Steady</h1>
      {error ? (
        <>
          <div className="mt-4">
            <Banner tone="error">{error}</Banner>
          </div>
          <Link to="/app/settings/contract" className={buttonClass('primary', 'mt-6')}>
            Zu Abo &amp; Vertrag
          </Link>
        </>
      ) : (
        <p className="mt-4 text-slate-700" role="status">
          Dein Steady-Konto wird verbunden …
        </p>
      )}
    </section>
  );
}
