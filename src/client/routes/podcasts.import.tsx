import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastRequiredRoute } from './podcast-required.tsx';

export const podcastsImportRoute = createRoute({
  getParentRoute: () => podcastRequiredRoute,
  path: 'podcasts/import',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/podcasts-import-page.tsx'),
    'PodcastsImportPage',
  ),
});
