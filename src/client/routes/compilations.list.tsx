import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const compilationsListRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'compilations',
  component: lazyRouteComponent(() => import('./screens/compilation-screens.tsx'), 'CompilationsListScreen'),
});
