import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditContractRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'contract',
  component: lazyRouteComponent(() => import('./screens/billing-screens.tsx'), 'PodcastEditContractScreen'),
});
