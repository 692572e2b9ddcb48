import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { experimentsRoute } from './experiments-section.tsx';

export const experimentsListRoute = createRoute({
  getParentRoute: () => experimentsRoute,
  path: 'list',
  component: lazyRouteComponent(() => import('./screens/experiment-screens.tsx'), 'ExperimentsListScreen'),
});
