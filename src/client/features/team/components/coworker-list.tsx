import { Link } from '@tanstack/react-router';
import { Avatar, displayName } from '../../../components/avatar.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCoworkers } from '../api/get-coworkers.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

/** account.coworkers.list: everyone the user shares a podcast with, and in which role. */
export function CoworkerList() {
  useDocumentTitle('Deine Coworker*innen');
  const coworkers = useCoworkers();
  const list = coworkers.data ?? [];
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Deine Coworker*innen</h1>
      <p className="mt-1 text-slate-600">Alle, mit denen du an einem Podcast arbeitest.</p>
      <div className="mt-6">
        {coworkers.isPending ? (
          <p className="text-slate-600">Lade Coworker*innen...</p>
        ) : list.length === 0 ? (
          // Empty also when loading failed (§8: list fetch failure).
          <p className="text-slate-600">Du arbeitest noch mit niemandem zusammen.</p>
        ) : (
          <ul aria-label="Coworker*innen" className="divide-y divide-slate-200">
            {list.map((c) => (
              <li key={c.id} className="flex items-start gap-3 py-4">
                <Avatar user={c} />
                <div className="min-w-0">
                  <Link
                    to="/app/profile/$id"
                    params={{ id: String(c.id) }}
                    className="inline-flex min-h-11 items-center font-medium text-brand-800 hover:underline"
                  >
                    {displayName(c)}
                  </Link>
                  <p className="text-sm text-slate-600">
                    <EmailAddress email={c.email} />
                  </p>
                  <ul className="mt-1 text-sm text-slate-700">
                    {c.podcasts.map((p) => (
                      <li key={p.id}>
                        {p.title} · {p.role.trans}
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
