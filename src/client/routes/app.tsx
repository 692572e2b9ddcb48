import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { contextQueryOptions } from '../features/podcasts/api/get-context.ts';
import { podcastsQueryOptions } from '../features/podcasts/api/get-podcasts.ts';
import { requireVerifiedUser } from './guards.ts';
import { rootRoute } from './root.tsx';

/**
 * What every app screen needs besides the session: the user's podcasts and the selected one. Asked
 * at once with the session probe instead of after its answer (the dashboard waited for
 * session, then podcasts, then context, then its own requests). Without a session they answer 401,
 * which the probe reports; the guards below read the answers from the cache.
 */
function startShellQueries(queryClient: QueryClient) {
  void queryClient.prefetchQuery(podcastsQueryOptions());
  void queryClient.prefetchQuery(contextQueryOptions());
}

/** /app: the signed-in area (session, verified email); its frame holds the menus. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app',
  beforeLoad: (match) => {
    startShellQueries(match.context.queryClient);
    return requireVerifiedUser(match);
  },
  component: lazyRouteComponent(() => import('./app-layout.tsx'), 'AppLayout'),
});

export const appIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/dashboard' });
  },
});
