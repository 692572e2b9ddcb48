import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastCoworkersListRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast/coworkers',
  component: lazyRouteComponent(() => import('./screens/team-screens.tsx'), 'PodcastCoworkersScreen'),
});
