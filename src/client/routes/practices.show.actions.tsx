import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowActionsRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'actions',
  component: lazyRouteComponent(() => import('./screens/practice-tab-screens.tsx'), 'PracticeActionsScreen'),
});
