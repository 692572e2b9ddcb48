import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { experimentsRoute } from './experiments-section.tsx';

export const experimentsShowRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: '$id',
  // Starts every request of the screen at once (the screen module's prefetch*).
  loader: ({ context: { queryClient }, params }) =>
    import('./screens/experiment-screens.tsx').then((m) => m.prefetchExperimentShow(queryClient, params.id)),

  component: lazyRouteComponent(() => import('./screens/experiment-screens.tsx'), 'ExperimentsShowScreen'),
});
