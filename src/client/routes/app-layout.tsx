import { Link, Outlet, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useFlash } from '../stores/flash.ts';
import { useLogout, useUser } from '../lib/session.ts';
import { FlashBanner } from '../components/flash-banner.tsx';
import { OfflineBanner, useOffline } from '../components/offline-banner.tsx';
import { CompassMark, Logo } from '../components/logo.tsx';
// The app frame puts the podcast feature's selector and plan banner into the header.
import { PlanBanner } from '../features/podcasts/components/plan-banner.tsx';
import { contextQueryOptions, useContextQuery } from '../features/podcasts/api/get-context.ts';
import { podcastsQueryKey } from '../features/podcasts/api/get-podcasts.ts';
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

/**
 * A tab's label on one line (Entscheidung CLI-15).
 */
const linkClass =
  'flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-lg px-1 text-xs font-medium whitespace-nowrap ' +
  'text-slate-600 hover:text-brand-800 md:min-h-10 md:flex-row md:gap-2 md:px-3 md:text-base';

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
  const offline = useOffline();
  const queryClient = useQueryClient();
  const showFlash = useFlash((s) => s.show);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // The selected podcast refused its tips: when the user lost it (deactivated, removed, deleted),
  // the server's context is now another podcast or none. Move there, and say why.
  const lostId = context?.id;
  const lostTitle = context?.title;
  const onRefused = useCallback(() => {
    void (async () => {
      void queryClient.invalidateQueries({ queryKey: podcastsQueryKey });
      const next = await queryClient
        .fetchQuery({ ...contextQueryOptions(), staleTime: 0 })
        .catch(() => undefined);
      if (next === undefined || next?.id === lostId) return;
      showFlash({ tone: 'info', message: `Du hast keinen Zugriff mehr auf „${lostTitle}“.` });
      await navigate({ to: next ? '/app/podcast' : '/app/onboarding' });
    })();
  }, [queryClient, lostId, lostTitle, showFlash, navigate]);

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
            <ul className={`grid ${context ? 'grid-cols-4' : 'grid-cols-3'} md:flex md:gap-1`}>
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
              {context && (
                <li>
                  <AssistantButton
                    className={`${linkClass} w-full`}
                    podcast={{
                      id: context.id,
                      title: context.title,
                      active: context.active,
                      role: context.role.key,
                    }}
                    onRefused={onRefused}
                  />
                </li>
              )}
            </ul>
          </nav>
          <ProfileMenu user={user} onLogout={onLogout} />
        </div>
        {/* One compact status bar: offline, the offline note; else the plan link (§2). */}
        {offline ? <OfflineBanner /> : <PlanBanner />}
      </header>
      {/* The bottom padding keeps the end of every page clear of the phone's tab bar. */}
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-24 md:pb-12">
        <div className="mb-4 empty:hidden">
          {/* Keyed by the path: a message left by the last screen shows on the next one. */}
          <FlashBanner key={pathname} />
        </div>
        <Outlet />
      </main>
      <FeedbackWidget />
    </div>
  );
}
