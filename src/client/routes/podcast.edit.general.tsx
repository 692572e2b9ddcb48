import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { podcastEditRoute } from './podcast.edit.tsx';

export const podcastEditGeneralRoute = createRoute({
  getParentRoute: () => podcastEditRoute,
  path: 'general',
  component: lazyRouteComponent(
    () => import('../features/podcasts/components/edit/general-section.tsx'),
    'GeneralSection',
  ),
});
