import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowExperimentsRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'experiments',
  component: lazyRouteComponent(
    () => import('./screens/experiment-screens.tsx'),
    'PracticeExperimentsScreen',
  ),
});
