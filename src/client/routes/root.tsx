import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ErrorPage } from '../components/error-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';

export type RouterContext = { queryClient: QueryClient };

// The service worker registration (workbox-window) waits until the first screen is up.
const UpdatePrompt = lazy(() =>
  import('../components/update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })),
);

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <OfflineBanner />
      <Outlet />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
