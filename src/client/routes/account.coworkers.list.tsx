import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app.tsx';

export const accountCoworkersListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'account/coworkers',
  component: lazyRouteComponent(
    () => import('../features/team/components/coworker-list.tsx'),
    'CoworkerList',
  ),
});
