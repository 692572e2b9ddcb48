import { Link, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLogout, useUser } from '../lib/session.ts';
import { FlashBanner } from '../components/flash-banner.tsx';
import { CompassMark, Logo } from '../components/logo.tsx';
// The app frame puts the podcast feature's selector and plan banner into the header.
import { PlanBanner } from '../features/podcasts/components/plan-banner.tsx';
import { useContextQuery } from '../features/podcasts/api/get-context.ts';
import { AssistantButton } from '../features/assistances/components/assistant-button.tsx';
import { PodcastSelector, useHasPodcasts } from '../features/podcasts/components/podcast-selector.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { CompassIcon, FlaskIcon, MicIcon } from '../components/nav-icons.tsx';
import { FeedbackWidget } from '../components/feedback-widget.tsx';
import { ProfileMenu } from '../components/profile-menu.tsx';

const menu = [
  { to: '/app/podcast', label: 'Podcast', Icon: MicIcon },
  { to: '/app/practices', label: 'Methoden', Icon: CompassIcon },
  { to: '/app/experiments', label: 'Experimente', Icon: FlaskIcon },
] as const;

const linkClass =
  'flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-lg px-3 text-xs font-medium text-slate-600 ' +
  'hover:text-brand-800 md:min-h-10 md:flex-row md:gap-2 md:text-base';

/**
 * Frame of the signed-in app. The one main menu sits in the header on wide screens and as a
 * tab bar at the bottom on phones (the spec's "mobile menu"), within thumb reach.
 */
export function AppLayout() {
  const user = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const router = useRouter();
  const hasPodcasts = useHasPodcasts();
  const context = useContextQuery().data ?? null;

  // The session ended without a navigation of ours (it expired, found on a refetch): to login.
  // Logout and account deletion navigate themselves, so only act while still inside /app.
  useEffect(() => {
    if (!user && router.latestLocation.pathname.startsWith('/app')) void navigate({ to: '/login' });
  }, [user, navigate, router]);
  if (!user) return null;

  const onLogout = () => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/login' }) });

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-2">
          {/* §2 Navigation: the podcast selector once there is a podcast to select, else the logo. */}
          {hasPodcasts ? (
            <div className="flex min-w-0 items-center gap-1">
              <Link
                to="/"
                aria-label="Kompass Studio"
                className="flex size-11 shrink-0 items-center justify-center"
              >
                <CompassMark className="size-8" />
              </Link>
              <PodcastSelector />
            </div>
          ) : (
            <Logo />
          )}
          <nav
            aria-label="Hauptmenü"
            className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:static md:border-0 md:bg-transparent md:pb-0"
          >
            <ul className="grid grid-cols-3 md:flex md:gap-1">
              {menu.map(({ to, label, Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className={linkClass}
                    activeProps={{ className: 'text-brand-800 md:bg-brand-50' }}
                  >
                    <Icon />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ProfileMenu user={user} onLogout={onLogout} />
        </div>
        <PlanBanner />
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28 md:pb-10">
        <div className="mb-4 empty:hidden">
          <FlashBanner />
        </div>
        <Outlet />
      </main>
      <AssistantButton
        podcast={context && { id: context.id, title: context.title, active: context.active }}
      />
      <FeedbackWidget />
    </div>
  );
}
