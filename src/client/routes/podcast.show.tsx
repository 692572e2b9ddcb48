import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

/** podcast.show, the dashboard (routes/screens/dashboard-screen.tsx composes it). */
export const podcastShowRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast',
  // The launch gift's link shows only once the settings have answered: its sets are asked for
  // beside them, not after (one round trip after the shell). The loader waits for the
  // context (from the page's boot answers or the cache at a start), so the dashboard renders with it.
  loader: ({ context: { queryClient } }) =>
    import('./screens/dashboard-screen.tsx').then((m) => m.prefetchDashboard(queryClient)),
  component: lazyRouteComponent(() => import('./screens/dashboard-screen.tsx'), 'DashboardScreen'),
});
