import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { practicesShowRoute } from './practices.show.tsx';

export const practicesShowContentRoute = createRoute({
  getParentRoute: () => practicesShowRoute,
  path: 'content',
  component: lazyRouteComponent(() => import('./screens/practice-tab-screens.tsx'), 'PracticeContentScreen'),
});
