import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowRatingRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'rating',
  component: lazyRouteComponent(() => import('./screens/practice-tab-screens.tsx'), 'PracticeRatingScreen'),
});
