import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditCoworkersRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'coworkers',
  component: lazyRouteComponent(() => import('./screens/team-screens.tsx'), 'PodcastEditCoworkersScreen'),
});
