import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const compilationsShowRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'compilations/$id',
  component: lazyRouteComponent(() => import('./screens/compilation-screens.tsx'), 'CompilationScreen'),
});
