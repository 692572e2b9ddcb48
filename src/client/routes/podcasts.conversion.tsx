import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastsConversionRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcasts/$id/conversion',
  component: lazyRouteComponent(() => import('./screens/billing-screens.tsx'), 'PodcastsConversionScreen'),
});
