import { Outlet } from '@tanstack/react-router';
import { SectionHeading as Heading, SectionNav } from '../../../components/section-nav.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const sections = [
  { to: '/app/settings/profile', label: 'Profil' },
  { to: '/app/settings/picture', label: 'Profilbild' },
  { to: '/app/settings/account', label: 'Account' },
  { to: '/app/settings/password', label: 'Passwort' },
  { to: '/app/settings/notifications', label: 'Benachrichtigungen' },
  { to: '/app/settings/contract', label: 'Abo' },
  { to: '/app/settings/delete', label: 'Account löschen' },
] as const;

/** settings: the section menu (scrolls sideways on phones) and the chosen section. */
export function SettingsLayout() {
  useDocumentTitle('Einstellungen');
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Einstellungen</h1>
      <SectionNav label="Bereiche der Einstellungen" sections={sections} />
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Outlet />
      </div>
    </div>
  );
}

/** Heading and intro of one settings section (the page's h1 is 'Einstellungen'). */
export function SectionHeading({ title, children }: { title: string; children?: string }) {
  return (
    <Heading title={title} screen="Einstellungen">
      {children}
    </Heading>
  );
}
