import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowOverviewRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'overview',
  component: lazyRouteComponent(() => import('./screens/practices-screens.tsx'), 'PracticeOverviewScreen'),
});
