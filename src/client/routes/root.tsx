import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { deferred } from '../components/deferred.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { useFirstScreenSettled, useSignalFirstCommit } from '../lib/first-screen.ts';
import { warmScreens } from '../lib/warm-screens.ts';

export type RouterContext = { queryClient: QueryClient };

// The update prompt ('Neue Version verfügbar') and the outbox join once the first screen has
// settled (Entscheidung CLI-24); the worker itself is registered
// at `load` (lib/service-worker.ts), the outbox is replayed by the offline store (offline/offline-data.ts).
// Loaded as deferred parts: a chunk that cannot load offline leaves them out, not the app.
const UpdatePrompt = deferred(() => import('../components/update-prompt.tsx').then((m) => m.UpdatePrompt), {
  when: 'rendered',
});

// The outbox (changes made offline) on app screens and login; dexie loads only there.
const OutboxStatus = deferred(() => import('../components/outbox-status.tsx').then((m) => m.OutboxStatus), {
  when: 'rendered',
});
const showsOutbox = (path: string) => path.startsWith('/app') || path === '/login';

function Outbox() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const settled = useFirstScreenSettled();
  if (!settled || !showsOutbox(path)) return null;
  return <OutboxStatus />;
}

function RootLayout() {
  useSignalFirstCommit();
  const settled = useFirstScreenSettled();
  // Inside the app the header's status bar says it (app-layout.tsx), in place of the plan link.
  const inApp = useRouterState({ select: (s) => s.location.pathname.startsWith('/app/') });
  useEffect(() => {
    if (settled && inApp) warmScreens();
  }, [settled, inApp]);
  return (
    <>
      {!inApp && <OfflineBanner />}
      <Outbox />
      <Outlet />
      {settled && <UpdatePrompt />}
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
