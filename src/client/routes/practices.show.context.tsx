import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowContextRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'context',
  component: lazyRouteComponent(() => import('./screens/practice-tab-screens.tsx'), 'PracticeContextScreen'),
});
