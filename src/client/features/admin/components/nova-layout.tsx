import { SectionPill } from '../../../components/section-nav.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { httpStatus } from '../../../api/errors.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { SkipLink } from '../../../components/skip-link.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { staffQueryOptions } from '../api/nova-api.ts';

type Section = { to: string; label: string; ability: string };

export const novaSections: readonly Section[] = [
  { to: '/nova/users', label: 'Nutzer*innen', ability: 'users' },
  { to: '/nova/podcasts', label: 'Podcasts', ability: 'users' },
  { to: '/nova/practices', label: 'Methoden', ability: 'content' },
  { to: '/nova/compilations', label: 'Sets', ability: 'content' },
  { to: '/nova/advices', label: 'Logbuch', ability: 'content' },
  { to: '/nova/changelog', label: 'Changelog', ability: 'content' },
  { to: '/nova/roadmap', label: 'Roadmap', ability: 'content' },
  { to: '/nova/feedback', label: 'Feedback', ability: 'feedback' },
  { to: '/nova/codes', label: 'Zugangscodes', ability: 'codes' },
  { to: '/nova/audit', label: 'Protokoll', ability: 'audit' },
];

/** The abilities of the signed-in staff member (the layout has loaded them before any screen). */
export function useAbilities() {
  return useQuery(staffQueryOptions()).data?.abilities ?? [];
}

/**
 * The frame of /nova (§6): only for admins and editors; everyone else sees the 404 page, as if
 * the panel did not exist. Sections the role may not use are not offered.
 */
export function NovaLayout() {
  const staff = useQuery(staffQueryOptions());
  if (staff.isPending) {
    return <p className="p-6 text-slate-700">Lade Administration …</p>;
  }
  if (staff.isError) {
    const status = httpStatus(staff.error);
    if (status === 401 || status === 403 || status === 404) return <NotFoundPage />;
    return (
      <main className="p-4">
        <ErrorPanel />
      </main>
    );
  }
  const abilities = staff.data.abilities;
  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Link to="/nova" className="text-lg font-bold text-slate-900">
            Kompass Studio · Administration
          </Link>
          <p className="text-sm text-slate-600">
            {staff.data.email} ({staff.data.role.trans})
          </p>
        </div>
        <nav aria-label="Bereiche der Administration" className="mx-auto max-w-5xl overflow-x-auto px-4">
          <ul className="flex gap-2 pb-3">
            {novaSections
              .filter((s) => abilities.includes(s.ability))
              .map((s) => (
                <SectionPill key={s.to} to={s.to} label={s.label} />
              ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

/** /nova: what the panel offers this role. */
export function NovaHome() {
  useDocumentTitle('Administration');
  const abilities = useAbilities();
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Administration</h1>
      <p className="mt-2 text-slate-700">
        Jede Änderung hier wird mit deinem Namen und der Uhrzeit im Protokoll festgehalten.
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {novaSections
          .filter((s) => abilities.includes(s.ability))
          .map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="flex min-h-14 items-center rounded-2xl border border-slate-200 bg-white px-5 font-semibold text-slate-900 hover:border-brand-600"
              >
                {s.label}
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}

export const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
