import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../lib/document-title.ts';
import { TabRow } from './tab-row.tsx';

type Section = { to: string; label: string };

/**
 * The sub-navigation of a screen with child routes (settings, podcast.edit): tabs that scroll
 * sideways on phones, the current one marked for screen readers too.
 */
export function SectionNav({ label, sections }: { label: string; sections: readonly Section[] }) {
  return (
    <TabRow label={label}>
      {sections.map((s) => (
        <SectionPill key={s.to} {...s} />
      ))}
    </TabRow>
  );
}

/** Heading and intro of one section; the tab title names the section and the screen. */
export function SectionHeading({
  title,
  screen,
  children,
}: {
  title: string;
  screen: string;
  children?: string;
}) {
  useDocumentTitle(`${title} – ${screen}`);
  return (
    <div className="mb-6">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children && <p className="mt-1 text-slate-600">{children}</p>}
    </div>
  );
}

/** One pill of a section row: the current one filled and marked `aria-current` (also /nova's row). */
export function SectionPill({ to, label }: Section) {
  return (
    <li className="shrink-0">
      <Link
        to={to}
        className="flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:border-brand-600"
        activeProps={{ className: '!border-brand-700 !bg-brand-700 !text-white', 'aria-current': 'page' }}
      >
        {label}
      </Link>
    </li>
  );
}
