import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUser } from '../lib/session.ts';
import { buttonClass } from './button.tsx';
import { FlashBanner } from './flash-banner.tsx';
import { Logo } from './logo.tsx';
import { SkipLink } from './skip-link.tsx';
import { SiteFooter } from './site-footer.tsx';

/** Frame of the public pages: brand, sign-in links, footer. */
type LayoutProps = {
  children: ReactNode;
  /** Off for transient screens (e.g. the email check) so they don't take the next page's flash. */
  flash?: boolean;
};

export function PublicLayout({ children, flash = true }: LayoutProps) {
  const user = useUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <nav aria-label="Konto" className="shrink-0">
            {user?.verified ? (
              <Link to="/app/dashboard" className={buttonClass('primary', 'px-4 whitespace-nowrap')}>
                Zum Studio
              </Link>
            ) : user ? null : (
              <ul className="flex items-center gap-1">
                <li>
                  <Link to="/login" className={buttonClass('ghost', 'px-3 whitespace-nowrap')}>
                    Anmelden
                  </Link>
                </li>
                <li className="hidden sm:block">
                  <Link to="/setup" className={buttonClass('primary', 'px-4 whitespace-nowrap')}>
                    Kostenlos registrieren
                  </Link>
                </li>
              </ul>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        <div className="mx-auto max-w-5xl px-4 empty:hidden">
          <div className="pt-4 empty:hidden">{flash && <FlashBanner />}</div>
        </div>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** A narrow card with the page's one h1, for the sign-in forms. */
export function AuthCard({ title, children, flash }: LayoutProps & { title: string }) {
  return (
    <PublicLayout flash={flash}>
      <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </div>
      </div>
    </PublicLayout>
  );
}
