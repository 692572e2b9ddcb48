import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastDeleteRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcast/delete',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/podcast-delete-page.tsx'),
    'PodcastDeletePage',
  ),
});
