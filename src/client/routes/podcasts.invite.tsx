import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastsInviteRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcasts/$id/invite',
  component: lazyRouteComponent(() => import('./screens/team-screens.tsx'), 'PodcastsInviteScreen'),
});
