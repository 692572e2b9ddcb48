import { Link } from '@tanstack/react-router';
import { links } from '../lib/links.ts';
import { Island } from './islands.tsx';

// 44 px touch targets (WCAG 2.5.5) without spreading the list: the rows carry no extra gap.
const linkClass =
  'inline-flex min-h-11 min-w-11 items-center rounded text-slate-600 wrap-anywhere hover:text-brand-800 hover:underline';

function External({ href, children }: { href: string; children: string }) {
  return (
    <li>
      <a href={href} className={linkClass} target="_blank" rel="noreferrer">
        {children}
      </a>
    </li>
  );
}

/** The footer links of §1; internal where the page exists, the rest from lib/links.ts. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-5xl px-4 py-8 text-sm">
        <nav aria-label="Fußzeile">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-0.5 sm:grid-cols-3 md:flex md:flex-wrap">
            <External href={links.help}>Hilfe</External>
            <External href={links.club}>Club</External>
            <li>
              <Link to="/project" hash="newsletter" className={linkClass}>
                Newsletter
              </Link>
            </li>
            <External href={links.blog}>Blog</External>
            <li>
              <Link to="/privacy" className={linkClass}>
                Datenschutz
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Nutzungsbedingungen
              </Link>
            </li>
            <External href={links.imprint}>Impressum</External>
            <li>
              <Link to="/project" className={linkClass}>
                Über das Projekt
              </Link>
            </li>
            <li>
              <Link to="/changelog" className={linkClass}>
                Changelog
              </Link>
            </li>
          </ul>
        </nav>
        <p className="mt-6 text-slate-600">
          © <Island name="year" inline props={{ built: new Date().getFullYear() }} /> Kompass Studio
        </p>
      </div>
    </footer>
  );
}
