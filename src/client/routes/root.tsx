import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ErrorPage } from '../components/error-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';

export type RouterContext = { queryClient: QueryClient };

// The service worker registration (workbox-window) waits until the first screen is up.
const UpdatePrompt = lazy(() =>
  import('../components/update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })),
);

// The outbox (changes made offline) on app screens and login; dexie loads only there.
const OutboxStatus = lazy(() =>
  import('../components/outbox-status.tsx').then((m) => ({ default: m.OutboxStatus })),
);
const showsOutbox = (path: string) => path.startsWith('/app') || path === '/login';

function Outbox() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  if (!showsOutbox(path)) return null;
  return (
    <Suspense fallback={null}>
      <OutboxStatus />
    </Suspense>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <OfflineBanner />
      <Outbox />
      <Outlet />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
