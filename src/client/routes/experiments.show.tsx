import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { experimentsRoute } from './experiments.tsx';

export const experimentsShowRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: '$id',
  component: lazyRouteComponent(() => import('./screens/experiment-screens.tsx'), 'ExperimentsShowScreen'),
});
