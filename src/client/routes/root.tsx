import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { UpdatePrompt } from '../components/update-prompt.tsx';

export type RouterContext = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <OfflineBanner />
      <Outlet />
      <UpdatePrompt />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
