import { Link, Outlet } from '@tanstack/react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const sections = [
  { to: '/app/settings/profile', label: 'Profil' },
  { to: '/app/settings/picture', label: 'Profilbild' },
  { to: '/app/settings/account', label: 'Account' },
  { to: '/app/settings/password', label: 'Passwort' },
  { to: '/app/settings/contract', label: 'Abo' },
  { to: '/app/settings/delete', label: 'Account löschen' },
] as const;

/** settings: the section menu (scrolls sideways on phones) and the chosen section. */
export function SettingsLayout() {
  useDocumentTitle('Einstellungen');
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Einstellungen</h1>
      <nav aria-label="Bereiche der Einstellungen" className="-mx-4 mt-4 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-2">
          {sections.map((s) => (
            <li key={s.to} className="shrink-0">
              <Link
                to={s.to}
                className="flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:border-brand-600"
                activeProps={{
                  className: '!border-brand-700 !bg-brand-700 !text-white',
                  'aria-current': 'page',
                }}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Outlet />
      </div>
    </div>
  );
}

/** Heading and intro of one settings section (the page's h1 is 'Einstellungen'). */
export function SectionHeading({ title, children }: { title: string; children?: string }) {
  useDocumentTitle(`${title} – Einstellungen`);
  return (
    <div className="mb-6">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children && <p className="mt-1 text-slate-600">{children}</p>}
    </div>
  );
}
